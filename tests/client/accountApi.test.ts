import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { createUser, requestPasswordReset, updatePassword } from '../../src/api/account.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function client(fetch: typeof globalThis.fetch) {
  return createApiClient({ baseUrl: '', appUrl: 'http://borealis.localhost:8080', getIdToken: async () => null, fetch });
}

const call = (fetch: ReturnType<typeof vi.fn>) => {
  const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
  return { method: init.method, path: url.pathname, body: JSON.parse(String(init.body)) };
};

describe('account API calls', () => {
  it('creates the user with POST /v1/create/user and returns user and tempPassword', async () => {
    const fetch = vi.fn(async () => json(200, { user: { id: 'u1' }, tempPassword: 'Gen3rated' }));
    const request = { brandId: 'borealis', signInType: 'password' as const, email: 'a@b.se', termsAccepted: true, ssn: '199001011239' };
    await expect(createUser(client(fetch), request)).resolves.toEqual({ user: { id: 'u1' }, tempPassword: 'Gen3rated' });
    expect(call(fetch)).toEqual({ method: 'POST', path: '/v1/create/user', body: request });
  });

  it('asks for a reset link with the e-mail and the app URL', async () => {
    const fetch = vi.fn(async () => json(200, {}));
    await requestPasswordReset(client(fetch), 'a@b.se');
    expect(call(fetch)).toEqual({
      method: 'POST',
      path: '/v1/password_reset/user',
      body: { email: 'a@b.se', appUrl: 'http://borealis.localhost:8080' },
    });
  });

  it('sets the new password with the link token as verificationId, and passes the code of a refusal on', async () => {
    const fetch = vi.fn(async () => json(400, { status: 400, code: 'password_reset_token_expired', message: 'expired' }));
    await expect(updatePassword(client(fetch), 'tok', 'Secret123')).rejects.toEqual(
      new ApiError(400, 'password_reset_token_expired', 'expired'),
    );
    expect(call(fetch)).toEqual({ method: 'PUT', path: '/v1/password_update/user', body: { verificationId: 'tok', password: 'Secret123' } });
  });
});
