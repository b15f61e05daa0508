import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { createApiClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { getBillboard, getOfferList } from '../../src/api/offers.ts';

function clientWith(fetch: typeof globalThis.fetch, token: string | null = 'token-1') {
  return createApiClient({ baseUrl: '', appUrl: 'http://aurora.localhost:8080', getIdToken: async () => token, fetch });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('API client', () => {
  it('sends the ID token, Accept JSON and the app URL, with query parameters', async () => {
    const fetch = vi.fn(async () => json(200, []));
    await getOfferList(clientWith(fetch), { type: 'live', offset: 30, categoryIds: ['a', 'b'] });
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(url.toString()).toBe(
      'http://aurora.localhost:8080/v1/get_list/offer?type=live&offset=30&categoryIdSelect=%5B%22a%22%2C%22b%22%5D',
    );
    expect(init.headers).toMatchObject({
      Accept: 'application/json',
      Authorization: 'Bearer token-1',
      'X-App-Url': 'http://aurora.localhost:8080',
    });
  });

  it("sends the app's active language as Accept-Language on reads and writes alike", async () => {
    const fetch = vi.fn(async () => json(200, {}));
    const header = (call: number) => new Headers((fetch.mock.calls[call] as unknown as [URL, RequestInit])[1].headers).get('Accept-Language');
    await clientWith(fetch).get('/v1/get/brand');
    expect(header(0)).toBe('en');
    i18n.activate('nb');
    try {
      await clientWith(fetch).get('/v1/get_list/brand/category');
      await clientWith(fetch).send('PUT', '/v1/update/shopping_cart', {});
    } finally {
      i18n.activate('en');
    }
    expect([header(1), header(2)]).toEqual(['nb', 'nb']);
  });

  it('sends a new request id with every call, in the form the server takes', async () => {
    const fetch = vi.fn(async () => json(200, {}));
    const api = clientWith(fetch);
    await api.get('/v1/get/brand');
    await api.send('POST', '/v1/create/shopping_cart', {});
    const ids = fetch.mock.calls.map((call) => new Headers((call as unknown as [URL, RequestInit])[1].headers).get('X-Request-Id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('sends no Authorization header when signed out', async () => {
    const fetch = vi.fn(async () => json(200, {}));
    await clientWith(fetch, null).get('/v1/get/brand');
    const [, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(init.headers).not.toHaveProperty('Authorization');
  });

  it('tells the session of every 401 answer, and of nothing else', async () => {
    const rejected: ApiError[] = [];
    const sentAt: number[] = [];
    const answers = [json(401, { status: 401, code: 'auth/id-token-revoked', message: 'revoked' }), json(403, { code: 'no_role_with_app_url' })];
    const api = createApiClient({
      baseUrl: '',
      appUrl: 'http://aurora.localhost:8080',
      getIdToken: async () => 'token-1',
      onUnauthorized: (error, at) => void (rejected.push(error), sentAt.push(at)),
      fetch: vi.fn(async () => answers.shift()!),
    });
    const before = Date.now();
    await expect(api.get('/v1/get/user')).rejects.toMatchObject({ status: 401, code: 'auth/id-token-revoked' });
    // With the moment the request left, so the session can tell a refusal of its newest token from a late one.
    expect(sentAt[0]).toBeGreaterThanOrEqual(before);
    expect(sentAt[0]).toBeLessThanOrEqual(Date.now());
    await expect(api.get('/v1/get/brand/role')).rejects.toMatchObject({ status: 403 });
    expect(rejected.map((e) => e.code)).toEqual(['auth/id-token-revoked']);
  });

  it('turns any status of 400 or more into status, code and message', async () => {
    const fetch = vi.fn(async () => json(403, { status: 403, code: 'no_role_with_app_url', message: 'no role with app url' }));
    await expect(clientWith(fetch).get('/v1/get/brand/role')).rejects.toEqual(
      new ApiError(403, 'no_role_with_app_url', 'no role with app url'),
    );
    const htmlError = vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(clientWith(htmlError).get('/v1/x')).rejects.toMatchObject({ status: 502, code: 'http_502' });
  });

  it('keeps the facts a refusal carries beside its code (when a hold limit ends), and only known, numeric ones', async () => {
    const body = { status: 409, code: 'checkout/hold-limit-reached', message: 'held 45 minutes', holdAgainAt: 1_795_000_000_000, holdLimitMinutes: 45, other: 1 };
    const refused = await clientWith(vi.fn(async () => json(409, body))).send('POST', '/v1/payment/checkout').catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 409, code: 'checkout/hold-limit-reached', facts: { holdAgainAt: 1_795_000_000_000, holdLimitMinutes: 45 } });
    expect(Object.keys((refused as ApiError).facts)).toEqual(['holdAgainAt', 'holdLimitMinutes']);
    const odd = await clientWith(vi.fn(async () => json(409, { ...body, holdAgainAt: 'soon', holdLimitMinutes: undefined }))).get('/v1/x').catch((error: unknown) => error);
    expect((odd as ApiError).facts).toEqual({});
  });

  it('turns a network failure into status 600 failed_to_fetch', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(clientWith(fetch).get('/v1/get/user')).rejects.toMatchObject({ status: 600, code: 'failed_to_fetch' });
  });

  it('answers an empty object for 204', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    await expect(clientWith(fetch).send('DELETE', '/v1/delete/user')).resolves.toEqual({});
  });

  it('reads a 404 billboard as no billboard, and keeps other errors', async () => {
    await expect(getBillboard(clientWith(vi.fn(async () => json(404, { code: 'billboard_not_found' }))))).resolves.toBeNull();
    await expect(getBillboard(clientWith(vi.fn(async () => json(500, {}))))).rejects.toMatchObject({ status: 500 });
  });
});

describe('media from an API on another origin', () => {
  const offer = {
    id: 'o1', categoryId: null, type: 'live', title: 'T', teaserLine: '', tags: [], readingTime: null,
    puffImage: { jpeg: { medium: '/media/offers/01-medium.jpg' }, webp: { medium: 'https://cdn.example/x.webp' } },
  };

  it('points root-relative media at the API base, and leaves absolute URLs alone', async () => {
    const fetch = vi.fn(async () => json(200, [offer]));
    const api = createApiClient({ baseUrl: 'https://api.example', appUrl: 'http://aurora.localhost', getIdToken: async () => null, fetch });
    const [loaded] = await getOfferList(api, { offset: 0 });
    expect(loaded!.puffImage).toEqual({
      jpeg: { medium: 'https://api.example/media/offers/01-medium.jpg' },
      webp: { medium: 'https://cdn.example/x.webp' },
    });
  });

  it('keeps paths as they are when the API is on the app origin', async () => {
    const [loaded] = await getOfferList(clientWith(vi.fn(async () => json(200, [offer]))), { offset: 0 });
    expect(loaded!.puffImage.jpeg.medium).toBe('/media/offers/01-medium.jpg');
  });
});
