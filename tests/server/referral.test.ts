import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { offers } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand, makeMember, makeOffer } from './support/factories.ts';

/** Referral links (spec 7): a token per member and offer, issued by the server, checked by the partner. */
let t: TestApp;
const headersOf: Record<string, Record<string, string>> = {};
const uids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const aurora = await makeBrand(t.db, 'aurora', ['localhost']);
  const cta = { type: 'referralUrl' as const, label: 'Invite a friend', url: 'https://partner.example/refer' };
  await makeOffer(t.db, 'aurora', 'refer-1', { callToAction: cta });
  await makeOffer(t.db, 'aurora', 'refer-2', { callToAction: cta });
  await makeOffer(t.db, 'aurora', 'plain-1', { callToAction: { type: 'url' as const, label: 'Read more', url: 'https://example.com/' } });
  for (const name of ['ada', 'bo']) {
    uids[name] = await makeMember(t.db, t.identity, aurora, { email: `${name}@aurora.test` });
    headersOf[name] = { 'x-app-url': 'http://localhost:8080', authorization: `Bearer ${await t.idTokenFor('aurora-tenant', `${name}@aurora.test`)}` };
  }
}, 60_000);
afterAll(() => t.close());

const tokenOf = async (member: string, offerId: string) => {
  const response = await t.app.inject({ method: 'GET', url: '/v1/get/offer', query: { id: offerId }, headers: headersOf[member] });
  expect(response.statusCode).toBe(200);
  return response.json().referralToken as string | undefined;
};
const verify = async (token: string) => {
  const response = await t.app.inject({ method: 'GET', url: '/v1/verify/referral_token', query: { token } });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('referral tokens', () => {
  it('are issued once per member and offer, random, and never the member’s id', async () => {
    const first = await tokenOf('ada', 'refer-1');
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await tokenOf('ada', 'refer-1')).toBe(first);
    expect(first).not.toContain(uids.ada!);
    const tokens = [first, await tokenOf('ada', 'refer-2'), await tokenOf('bo', 'refer-1')];
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens) expect(token).not.toContain(uids.bo!);
  });

  it('come only with a referral call to action', async () => {
    expect(await tokenOf('ada', 'plain-1')).toBeUndefined();
  });

  it('are checked by the partner: the offer, without the member', async () => {
    const token = (await tokenOf('bo', 'refer-2'))!;
    const check = await verify(token);
    expect(check).toEqual({ valid: true, offerId: 'refer-2', brandId: 'aurora' });
    expect(JSON.stringify(check)).not.toContain(uids.bo!);
    expect(await verify('not-a-token-we-issued')).toEqual({ valid: false, offerId: null, brandId: null });
  });

  it('stop being valid when the offer ends, and are gone with the member’s account', async () => {
    const token = (await tokenOf('ada', 'refer-2'))!;
    await t.db.update(offers).set({ active: false }).where(eq(offers.id, 'refer-2'));
    expect(await verify(token)).toEqual({ valid: false, offerId: 'refer-2', brandId: 'aurora' });
    await t.db.update(offers).set({ active: true }).where(eq(offers.id, 'refer-2'));

    const deleted = await t.app.inject({ method: 'DELETE', url: '/v1/delete/user', headers: headersOf.ada });
    expect(deleted.statusCode).toBe(204);
    expect(await verify(token)).toEqual({ valid: false, offerId: null, brandId: null });
  });

  it('asks for a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/verify/referral_token' });
    expect(response.statusCode).toBe(400);
  });
});
