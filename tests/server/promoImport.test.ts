import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerPromos, promoCodes } from '../../server/db/schema/index.ts';
import { parseCodesFile, parseExpiry } from '../../server/promo/codesFile.ts';
import { importPromoCodes, OfferNotFoundError } from '../../server/repositories/promoImport.repository.ts';
import { adminTokenHeader } from '../../server/routes/adminPromoCodes.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand, makeMember, makeOffer } from './support/factories.ts';
import { codeList } from './promo.helpers.ts';

describe('codes file', () => {
  it('reads codes with an optional expiry column and header, and reports duplicates by line', () => {
    const file = parseCodesFile('\uFEFFcode,expires_at\nAAA-1,2030-06-30\n\nBBB-2\n"CCC-3",2030-01-01T12:00:00+01:00\nAAA-1\n  DDD-4 , \nBBB-2,2031-01-01\n');
    expect(file.problems).toEqual([]);
    expect(file.codes).toEqual([
      { code: 'AAA-1', expiresAt: new Date('2030-07-01T00:00:00Z') },
      { code: 'BBB-2', expiresAt: null },
      { code: 'CCC-3', expiresAt: new Date('2030-01-01T11:00:00Z') },
      { code: 'DDD-4', expiresAt: null },
    ]);
    expect(file.duplicates).toEqual([
      { line: 6, code: 'AAA-1', firstLine: 2 },
      { line: 8, code: 'BBB-2', firstLine: 4 },
    ]);
  });

  it('names every line that is not a code, so nothing half-right is imported', () => {
    const file = parseCodesFile('GOOD-1\nhas space\nBAD-DATE,31/12/2030\nNO-DAY,2030-02-30\nTHREE,2030-01-01,x\n' + 'x'.repeat(101) + '\n');
    expect(file.problems.map((p) => p.line)).toEqual([2, 3, 4, 5, 6]);
    expect(file.problems[1]!.message).toMatch(/31\/12\/2030/);
  });

  it('treats a bare date as valid through that day (UTC) and refuses time without an offset', () => {
    expect(parseExpiry('2030-12-31')).toEqual(new Date('2031-01-01T00:00:00Z'));
    expect(parseExpiry('')).toBeNull();
    expect(() => parseExpiry('2030-12-31T10:00')).toThrow();
    expect(() => parseExpiry('tomorrow')).toThrow();
  });
});

describe('importPromoCodes and the loopback admin call', () => {
  let t: TestApp;
  const adminToken = 'a-test-admin-token-of-some-length';

  beforeAll(async () => {
    t = await createTestApp({ adminToken });
    await makeBrand(t.db, 'aurora', ['localhost']);
    await makeBrand(t.db, 'borealis', ['borealis.localhost']);
    await makeOffer(t.db, 'aurora', 'deal');
    await makeOffer(t.db, 'aurora', 'via-http');
    await makeOffer(t.db, 'borealis', 'theirs');
  });
  afterAll(() => t.close());

  const at = new Date('2030-01-01T00:00:00Z');
  const importInto = (offerId: string, fields: Partial<Parameters<typeof importPromoCodes>[1]> = {}) =>
    t.db.transaction((tx) => importPromoCodes(tx, { brandId: 'aurora', offerId, codes: [], ...fields }, at));

  it('is idempotent: a code already there is skipped and keeps its claim', async () => {
    const first = await importInto('deal', { codes: codeList('D', 3), claimCap: 2, commonCode: 'DEAL-ALL' });
    expect(first).toEqual({
      added: 3, alreadyThere: [], commonCode: { before: null, after: 'DEAL-ALL' }, claimCap: 2, totals: { free: 3, claimed: 0, expired: 0 },
    });
    await t.db.update(promoCodes).set({ claimedBy: 'someone', claimedAt: at }).where(and(eq(promoCodes.offerId, 'deal'), eq(promoCodes.code, 'D-0001')));
    const again = await importInto('deal', { codes: [...codeList('D', 4), { code: 'OLD', expiresAt: new Date('2029-01-01T00:00:00Z') }] });
    expect(again).toEqual({
      added: 2, alreadyThere: ['D-0001', 'D-0002', 'D-0003'], commonCode: { before: 'DEAL-ALL', after: 'DEAL-ALL' }, claimCap: 2,
      totals: { free: 3, claimed: 1, expired: 1 },
    });
    const [claimed] = await t.db.select().from(promoCodes).where(and(eq(promoCodes.offerId, 'deal'), eq(promoCodes.code, 'D-0001')));
    expect(claimed).toMatchObject({ claimedBy: 'someone' });
  });

  it('changes the common code and the cap only when given', async () => {
    expect((await importInto('deal', { commonCode: 'DEAL-NEW' })).commonCode).toEqual({ before: 'DEAL-ALL', after: 'DEAL-NEW' });
    expect((await importInto('deal', { claimCap: 5 })).claimCap).toBe(5);
    const [promo] = await t.db.select().from(offerPromos).where(eq(offerPromos.offerId, 'deal'));
    expect(promo).toMatchObject({ commonCode: 'DEAL-NEW', claimCap: 5 });
  });

  it("refuses an unknown offer and another brand's offer, writing nothing", async () => {
    await expect(importInto('nope', { codes: codeList('N', 2) })).rejects.toBeInstanceOf(OfferNotFoundError);
    await expect(importInto('theirs', { codes: codeList('N', 2) })).rejects.toBeInstanceOf(OfferNotFoundError);
    expect(await t.db.select().from(promoCodes).where(eq(promoCodes.offerId, 'theirs'))).toEqual([]);
  });

  const adminImport = (payload: unknown, headers: Record<string, string> = { [adminTokenHeader]: adminToken }, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/admin/promo-codes/import', headers, payload: payload as object, remoteAddress });
  const body = { brandId: 'aurora', offerId: 'via-http', codes: [{ code: 'H-1', expiresAt: '2030-06-01T00:00:00.000Z' }, { code: 'H-2', expiresAt: null }], claimCap: 2 };

  it('imports through the server for a tool on this machine that knows the token', async () => {
    const response = await adminImport(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ added: 2, claimCap: 2, totals: { free: 2, claimed: 0, expired: 0 } });
    expect((await adminImport(body)).json()).toMatchObject({ added: 0, alreadyThere: ['H-1', 'H-2'] });
  });

  it('is a plain 404 without the token, with a wrong one, from another machine, and for members', async () => {
    const member = await makeMember(t.db, t.identity, { id: 'aurora', authTenantId: 'aurora-tenant' }, { email: 'op@aurora.test' });
    expect(member).toBeTruthy();
    const memberToken = await t.idTokenFor('aurora-tenant', 'op@aurora.test');
    const refused = [
      await adminImport(body, {}),
      await adminImport(body, { [adminTokenHeader]: `${adminToken}x` }),
      await adminImport(body, { [adminTokenHeader]: adminToken.slice(0, -1) }),
      await adminImport(body, { [adminTokenHeader]: adminToken }, '203.0.113.9'),
      await adminImport(body, { authorization: `Bearer ${memberToken}`, 'x-app-url': 'http://localhost:8080' }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('answers bad codes, dates and offers with a code, not a 500', async () => {
    expect((await adminImport({ ...body, codes: [{ code: 'has space', expiresAt: null }] })).json()).toMatchObject({ status: 400, code: 'invalid_code' });
    expect((await adminImport({ ...body, codes: [{ code: 'OK', expiresAt: 'soon' }] })).json()).toMatchObject({ status: 400, code: 'invalid_expiry' });
    expect((await adminImport({ ...body, offerId: 'theirs' })).json()).toMatchObject({ status: 404, code: 'offer_not_found' });
    expect((await adminImport({ ...body, claimCap: -1 })).json()).toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('is not served at all without an admin token', async () => {
    const plain = await createTestApp({ database: t.database });
    const response = await plain.app.inject({ method: 'POST', url: '/admin/promo-codes/import', payload: body, headers: { [adminTokenHeader]: '' } });
    expect(response.statusCode).toBe(404);
    await plain.close();
  });
});
