import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCodes } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand, makeMember, makeOffer } from './support/factories.ts';
import { codeList, givePromo } from './promo.helpers.ts';

let t: TestApp;
let member: Record<string, string>;
let other: Record<string, string>;
let borealisMember: Record<string, string>;
const auroraUrl = 'http://localhost:8080';
const past = new Date('2020-01-01T00:00:00Z');
const future = new Date('2099-01-01T00:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  const aurora = await makeBrand(t.db, 'aurora', ['localhost']);
  const borealis = await makeBrand(t.db, 'borealis', ['borealis.localhost']);
  for (const id of ['open', 'common', 'soldout', 'expired', 'cap1', 'plain', 'zerocap', 'list-a', 'list-b']) await makeOffer(t.db, 'aurora', id);
  await makeOffer(t.db, 'aurora', 'gone', { active: false });
  await makeOffer(t.db, 'aurora', 'live-list', { type: 'live', title: 'Jazz night' });
  await makeOffer(t.db, 'borealis', 'theirs');
  await givePromo(t, 'aurora', 'open', { codes: codeList('OPEN', 10), commonCode: 'AURORA-10', claimCap: 2 });
  await givePromo(t, 'aurora', 'common', { commonCode: 'ONLY-COMMON' });
  await givePromo(t, 'aurora', 'soldout', { codes: codeList('SOLD', 1), claimCap: 1 });
  await givePromo(t, 'aurora', 'expired', { codes: [...codeList('OLD', 3, past), { code: 'FRESH-1', expiresAt: future }], claimCap: 5 });
  await givePromo(t, 'aurora', 'cap1', { codes: codeList('CAP', 5), claimCap: 1 });
  await givePromo(t, 'aurora', 'zerocap', { codes: codeList('ZERO', 5), claimCap: 0 });
  await givePromo(t, 'aurora', 'gone', { codes: codeList('GONE', 5), commonCode: 'GONE' });
  await givePromo(t, 'aurora', 'list-a', { codes: codeList('LA', 5), claimCap: 3 });
  await givePromo(t, 'aurora', 'live-list', { codes: codeList('LL', 5), claimCap: 3 });
  await givePromo(t, 'borealis', 'theirs', { codes: codeList('BOR', 5), commonCode: 'BOREALIS', claimCap: 3 });
  await makeMember(t.db, t.identity, aurora, { email: 'member@aurora.test' });
  await makeMember(t.db, t.identity, aurora, { email: 'other@aurora.test' });
  await makeMember(t.db, t.identity, borealis, { email: 'member@borealis.test' });
  const bearer = async (tenant: string, email: string) => `Bearer ${await t.idTokenFor(tenant, email)}`;
  member = { 'x-app-url': auroraUrl, authorization: await bearer('aurora-tenant', 'member@aurora.test') };
  other = { 'x-app-url': auroraUrl, authorization: await bearer('aurora-tenant', 'other@aurora.test') };
  borealisMember = { 'x-app-url': 'http://borealis.localhost:8080', authorization: await bearer('borealis-tenant', 'member@borealis.test') };
}, 60_000);
afterAll(() => t.close());

const claim = (id: unknown, headers = member) => t.app.inject({ method: 'POST', url: '/v1/claim/offer/voucher/code', headers, payload: { id } });
const claimCommon = (id: unknown, headers = member) =>
  t.app.inject({ method: 'POST', url: '/v1/claim/offer/voucher/code/common', headers, payload: { id } });
const promoOf = async (id: string, headers = member) => {
  const response = await t.app.inject({ method: 'GET', url: '/v1/get/offer', headers, query: { id, getVoucher: 'true', getCompanionOffer: 'true', getAvailability: 'true' } });
  expect(response.statusCode).toBe(200);
  const o = response.json();
  return {
    promoExists: o.promoExists, promoCodeCommonExists: o.promoCodeCommonExists, promoCodeCommon: o.promoCodeCommon,
    isVoucherCodeSoldOut: o.isVoucherCodeSoldOut, voucherClaimCap: o.voucherClaimCap, userVoucherCodeClaimCount: o.userVoucherCodeClaimCount,
  };
};
const claimedList = async (headers = member) => {
  const response = await t.app.inject({ method: 'GET', url: '/v1/get_list/offer/voucher/code', headers });
  expect(response.statusCode).toBe(200);
  return response.json() as { code: string; kind: 'unique' | 'common'; claimedAt: string; groupId: string; offer: { id: string; title: string } }[];
};

describe('unique promo codes', () => {
  it('hands out distinct codes up to the cap, counted on the offer page, then refuses with the spec text', async () => {
    expect(await promoOf('open')).toEqual({
      promoExists: true, promoCodeCommonExists: true, promoCodeCommon: null, isVoucherCodeSoldOut: false, voucherClaimCap: 2, userVoucherCodeClaimCount: 0,
    });
    const first = await claim('open');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ code: 'OPEN-0001', userClaimedCount: 1, claimCap: 2 });
    expect((await promoOf('open')).userVoucherCodeClaimCount).toBe(1);
    expect((await claim('open')).json()).toEqual({ code: 'OPEN-0002', userClaimedCount: 2, claimCap: 2 });
    const third = await claim('open');
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ status: 409, code: 'voucher_claim_cap_reached', message: 'Claim capacity has already been reached' });
    expect(await promoOf('open')).toMatchObject({ voucherClaimCap: 2, userVoucherCodeClaimCount: 2, isVoucherCodeSoldOut: false });
    // Another member's count is their own.
    expect((await claim('open', other)).json()).toEqual({ code: 'OPEN-0003', userClaimedCount: 1, claimCap: 2 });
    expect((await promoOf('open', other)).userVoucherCodeClaimCount).toBe(1);
  });

  it('says sold out once the last code is gone, to the next claimer and on the offer page', async () => {
    expect((await claim('soldout', other)).json()).toMatchObject({ code: 'SOLD-0001' });
    const late = await claim('soldout');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ status: 409, code: 'voucher_no_codes_remaining', message: 'There are no remaining promo codes for this offer.' });
    expect(await promoOf('soldout')).toMatchObject({ promoExists: true, isVoucherCodeSoldOut: true, userVoucherCodeClaimCount: 0 });
  });

  it('never hands out an expired code', async () => {
    expect(await promoOf('expired')).toMatchObject({ isVoucherCodeSoldOut: false, voucherClaimCap: 5 });
    expect((await claim('expired')).json()).toMatchObject({ code: 'FRESH-1', userClaimedCount: 1 });
    const next = await claim('expired');
    expect(next.json()).toMatchObject({ status: 409, code: 'voucher_no_codes_remaining' });
    expect(await promoOf('expired')).toMatchObject({ isVoucherCodeSoldOut: true, userVoucherCodeClaimCount: 1 });
    const oldClaimed = await t.db.select().from(promoCodes).where(and(eq(promoCodes.offerId, 'expired'), isNotNull(promoCodes.claimedBy)));
    expect(oldClaimed.map((r) => r.code)).toEqual(['FRESH-1']);
  });

  it('refuses offers without unique codes, with a cap of 0, of another brand, unknown and inactive ones', async () => {
    expect((await claim('plain')).json()).toMatchObject({ status: 409, code: 'voucher_no_codes_remaining' });
    expect((await claim('common')).json()).toMatchObject({ status: 409, code: 'voucher_no_codes_remaining' });
    expect((await claim('zerocap')).json()).toMatchObject({ status: 409, code: 'voucher_claim_cap_reached' });
    for (const id of ['theirs', 'nope', "x' OR '1'='1"]) {
      expect((await claim(id)).json(), id).toEqual({ status: 404, code: 'offer_not_found', message: 'The article was not found..' });
    }
    expect((await claim('gone')).json()).toEqual({ status: 410, code: 'offer_not_relevant', message: 'The offer is no longer relevant' });
    // Borealis's own member claims from Borealis's offer as usual; Aurora's codes stay untouched.
    expect((await claim('theirs', borealisMember)).json()).toEqual({ code: 'BOR-0001', userClaimedCount: 1, claimCap: 3 });
    expect((await claim('cap1', borealisMember)).json()).toMatchObject({ status: 404, code: 'offer_not_found' });
    const cap1Claimed = await t.db.select().from(promoCodes).where(and(eq(promoCodes.offerId, 'cap1'), isNotNull(promoCodes.claimedBy)));
    expect(cap1Claimed).toEqual([]);
  });

  it.each([[{}], [{ id: '' }], [{ id: 'x'.repeat(201) }], [{ id: ['a'] }], [{ id: 'a\u0000b' }]])('answers 400 for the body %o', async (payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/claim/offer/voucher/code', headers: member, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('needs a signed-in member of the brand for every promo call', async () => {
    const anonymous = { 'x-app-url': auroraUrl };
    const calls = [
      () => claim('cap1', anonymous),
      () => claimCommon('common', anonymous),
      () => t.app.inject({ method: 'GET', url: '/v1/get_list/offer/voucher/code', headers: anonymous }),
      () => claim('cap1', { ...member, authorization: 'Bearer not-a-token' }),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, code: expect.stringMatching(/^auth\//) });
    }
    // Borealis's member on Aurora's app: no role here.
    const foreign = await claim('cap1', { ...borealisMember, 'x-app-url': auroraUrl });
    expect(foreign.statusCode).toBe(403);
    expect(await promoOf('cap1')).toMatchObject({ userVoucherCodeClaimCount: 0, isVoucherCodeSoldOut: false });
  });
});

describe('common promo code', () => {
  it('is revealed on the offer page only to a member who claimed it, and claiming again answers it again', async () => {
    expect(await promoOf('common')).toEqual({
      promoExists: false, promoCodeCommonExists: true, promoCodeCommon: null, isVoucherCodeSoldOut: false, voucherClaimCap: 0, userVoucherCodeClaimCount: 0,
    });
    const response = await claimCommon('common');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 'ONLY-COMMON' });
    expect((await promoOf('common')).promoCodeCommon).toBe('ONLY-COMMON');
    expect((await promoOf('common', other)).promoCodeCommon).toBeNull();
    expect((await claimCommon('common')).json()).toEqual({ code: 'ONLY-COMMON' });
  });

  it('lives beside the unique codes without counting against the cap', async () => {
    expect((await claimCommon('open', other)).json()).toEqual({ code: 'AURORA-10' });
    expect(await promoOf('open', other)).toMatchObject({ promoCodeCommon: 'AURORA-10', userVoucherCodeClaimCount: 1, voucherClaimCap: 2 });
  });

  it('refuses an offer without one, of another brand, and an inactive one', async () => {
    expect((await claimCommon('cap1')).json()).toMatchObject({ status: 404, code: 'voucher_common_code_not_found' });
    expect((await claimCommon('plain')).json()).toMatchObject({ status: 404, code: 'voucher_common_code_not_found' });
    expect((await claimCommon('theirs')).json()).toMatchObject({ status: 404, code: 'offer_not_found' });
    expect((await claimCommon('gone')).json()).toMatchObject({ status: 410, code: 'offer_not_relevant' });
  });
});

describe("the member's claimed codes", () => {
  it('lists only this member of this brand, newest first, grouped by the offer path', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/v1/get_list/offer/voucher/code', headers: borealisMember });
    expect(fresh.json().map((c: { code: string }) => c.code)).toEqual(['BOR-0001']);
    await claim('list-a');
    await claim('live-list');
    const list = await claimedList();
    expect(list.map((c) => c.code).slice(0, 2)).toEqual(['LL-0001', 'LA-0001']);
    expect(list[0]).toEqual({
      code: 'LL-0001',
      kind: 'unique',
      claimedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      groupId: '/live/live-list',
      offer: { id: 'live-list', type: 'live', title: 'Jazz night', puffImage: expect.any(Object) },
    });
    expect(list[1]!.groupId.split('/')[2]).toBe('list-a');
    expect(list.map((c) => c.code).sort()).toEqual(['FRESH-1', 'LA-0001', 'LL-0001', 'ONLY-COMMON', 'OPEN-0001', 'OPEN-0002']);
    const times = list.map((c) => Date.parse(c.claimedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await claimedList(other)).map((c) => c.code).sort()).toEqual(['AURORA-10', 'OPEN-0003', 'SOLD-0001']);
  });

  it('lists a revealed common code once, marked common, beside the unique codes of its offer', async () => {
    const before = (await claimedList()).filter((c) => c.kind === 'common');
    expect(before).toEqual([expect.objectContaining({ code: 'ONLY-COMMON', groupId: '/benefit/common', offer: expect.objectContaining({ id: 'common' }) })]);
    await claimCommon('common');
    await claimCommon('open');
    const common = (await claimedList()).filter((c) => c.kind === 'common');
    // Revealing again does not list it twice; the first reveal's time stays.
    expect(common.map((c) => c.code)).toEqual(['AURORA-10', 'ONLY-COMMON']);
    expect(common[1]!.claimedAt).toBe(before[0]!.claimedAt);
  });
});

describe('OpenAPI', () => {
  it('documents the claim paths, the common one included, and not the operators\' import', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/v1/claim/offer/voucher/code', '/v1/claim/offer/voucher/code/common', '/v1/get_list/offer/voucher/code']),
    );
    expect(paths.some((p) => p.startsWith('/admin'))).toBe(false);
  });
});
