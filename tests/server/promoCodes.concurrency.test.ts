import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCodes } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { openTestDatabase } from './support/testDatabase.ts';
import { startServerProcesses } from './support/serverProcesses.ts';
import { makeBrand, makeOffer } from './support/factories.ts';
import { codeList, givePromo, signedInMembers, type SignedInMember } from './promo.helpers.ts';

interface Answer {
  status: number;
  body: { code: string; userClaimedCount?: number; claimCap?: number };
}

const appUrl = 'http://localhost:8080';
const postgres = Boolean(process.env.TEST_DATABASE_URL);

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let t: TestApp;
let members: SignedInMember[];

beforeAll(async () => {
  database = await openTestDatabase();
  t = await createTestApp({ database });
  const aurora = await makeBrand(t.db, 'aurora', ['localhost']);
  for (const id of ['rush', 'greedy', 'rush-2', 'greedy-2']) await makeOffer(t.db, 'aurora', id);
  await givePromo(t, 'aurora', 'rush', { codes: codeList('RUSH', 50), claimCap: 2 });
  await givePromo(t, 'aurora', 'greedy', { codes: codeList('GREEDY', 50), claimCap: 3 });
  await givePromo(t, 'aurora', 'rush-2', { codes: codeList('RUSH2', 50), claimCap: 2 });
  await givePromo(t, 'aurora', 'greedy-2', { codes: codeList('GREEDY2', 50), claimCap: 3 });
  members = await signedInMembers(t, aurora, appUrl, 200);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await database?.close();
});

/** What the database holds for the offer: claimer per code. */
async function claimedRows(offerId: string) {
  return t.db
    .select({ code: promoCodes.code, claimedBy: promoCodes.claimedBy })
    .from(promoCodes)
    .where(and(eq(promoCodes.brandId, 'aurora'), eq(promoCodes.offerId, offerId), isNotNull(promoCodes.claimedBy)));
}

/** 500 claims by 200 members at once: exactly the 50 codes, each to one member, nobody above the cap. */
async function expectFairRush(offerId: string, answers: Answer[], claimers: SignedInMember[]) {
  const won = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status !== 200);
  expect(won).toHaveLength(50);
  expect(new Set(won.map((a) => a.body.code)).size).toBe(50);
  for (const a of refused) {
    expect(a.status).toBe(409);
    expect(['voucher_no_codes_remaining', 'voucher_claim_cap_reached']).toContain(a.body.code);
  }
  const rows = await claimedRows(offerId);
  expect(rows.map((r) => r.code).sort()).toEqual(won.map((a) => a.body.code).sort());
  const perMember = new Map<string, number>();
  for (const r of rows) perMember.set(r.claimedBy!, (perMember.get(r.claimedBy!) ?? 0) + 1);
  expect(Math.max(...perMember.values())).toBeLessThanOrEqual(2);
  // Every code went to someone who asked for it.
  const askers = new Set(claimers.map((m) => m.uid));
  expect([...perMember.keys()].every((uid) => askers.has(uid))).toBe(true);
}

/** One member firing 100 claims at once gets exactly the cap of 3. */
async function expectGreedyCapped(offerId: string, answers: Answer[], uid: string) {
  const won = answers.filter((a) => a.status === 200);
  expect(won).toHaveLength(3);
  expect(won.map((a) => a.body.userClaimedCount).sort()).toEqual([1, 2, 3]);
  expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'voucher_claim_cap_reached')).toBe(true);
  expect(answers.filter((a) => a.status === 409)).toHaveLength(97);
  const rows = await claimedRows(offerId);
  expect(rows).toHaveLength(3);
  expect(rows.every((r) => r.claimedBy === uid)).toBe(true);
}

describe(`claims under load (${postgres ? 'PostgreSQL' : 'PGlite'}, one server)`, () => {
  const claim = async (offerId: string, m: SignedInMember): Promise<Answer> => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/claim/offer/voucher/code', headers: m.headers, payload: { id: offerId } });
    return { status: response.statusCode, body: response.json() };
  };

  it('500 parallel claims by 200 members hand out exactly the 50 codes, none twice, nobody above the cap', async () => {
    const claimers = Array.from({ length: 500 }, (_, i) => members[(i * 7) % 200]!);
    const answers = await Promise.all(claimers.map((m) => claim('rush', m)));
    await expectFairRush('rush', answers, claimers);
  }, 120_000);

  it('one member firing 100 parallel claims gets exactly the cap', async () => {
    const greedy = members[0]!;
    const answers = await Promise.all(Array.from({ length: 100 }, () => claim('greedy', greedy)));
    await expectGreedyCapped('greedy', answers, greedy.uid);
  }, 120_000);
});

describe.skipIf(!postgres)('claims under load on PostgreSQL with two server processes', () => {
  const ports: number[] = [];
  let processes: Awaited<ReturnType<typeof startServerProcesses>> | undefined;

  beforeAll(async () => {
    processes = await startServerProcesses({ databaseUrl: database.url! }, 2);
    ports.push(...processes.ports);
  }, 90_000);

  afterAll(async () => {
    await processes?.stop();
  });

  const claimVia = async (port: number, offerId: string, m: SignedInMember): Promise<Answer> => {
    const response = await fetch(`http://127.0.0.1:${port}/v1/claim/offer/voucher/code`, {
      method: 'POST',
      headers: { ...m.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ id: offerId }),
    });
    return { status: response.status, body: await response.json() };
  };

  it('500 parallel claims by 200 members across both processes hand out exactly the 50 codes', async () => {
    const claimers = Array.from({ length: 500 }, (_, i) => members[(i * 3) % 200]!);
    const answers = await Promise.all(claimers.map((m, i) => claimVia(ports[i % 2]!, 'rush-2', m)));
    await expectFairRush('rush-2', answers, claimers);
  }, 120_000);

  it('one member firing 100 parallel claims across both processes gets exactly the cap', async () => {
    const greedy = members[1]!;
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => claimVia(ports[i % 2]!, 'greedy-2', greedy)));
    await expectGreedyCapped('greedy-2', answers, greedy.uid);
  }, 120_000);
});
