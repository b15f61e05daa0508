import { eq, and } from 'drizzle-orm';
import { openDatabase } from '../server/db/database.ts';
import { itemVariants } from '../server/db/schema/index.ts';
import { heading, printTable } from './format.ts';
import { measureLoad, type MeasuredLoad } from './measuredLoad.ts';
import { asMembers, benchMembers, fillCarts } from './promoClaims.ts';
import { freePort, startServer, type RunningServer } from './server.ts';
import { percentile } from './tabSwitch.ts';
import { admissionMs } from '../server/commerce/saleQueue.ts';
import { startStandInProcess } from '../tests/scale/support/standInProcess.ts';

/**
 * The on-sale rush (issue 39; docs/checkout.md): how fast checkouts of ONE variant open, beside
 * the same members opening checkouts spread over many variants, and a rush of members for a
 * hundred tickets: all at once, and through the sale queue at an on-sale time.
 */
export const rushSettings = {
  connections: 50,
  /** Members re-opening checkouts in the throughput runs (one per connection). */
  loadMembers: 50,
  spreadVariants: 50,
  rushMembers: 400,
  rushStock: 100,
  warmupSeconds: 2,
  durationSeconds: 10,
  /** How often a member in the queue asks about their place, as the app does (the wait is timed by the server's admission time). */
  queuePollMs: 5000,
  /** The queued rush gives up after this long (and says so). */
  queueGiveUpMs: 5 * 60_000,
};
/** Issue 39's goals. */
export const rushGoals = { hotOpensPerSecondPostgres: 300, hotP99MsPostgres: 250, hotToSpread: 0.7, hotOpensPerSecondEmbedded: 100 };

const offerId = 'aurora-live-001';
const hot = 'bench-rush-hot';
const spread = (i: number) => `bench-rush-spread-${String(i).padStart(2, '0')}`;
const burst = 'bench-rush-burst';
const queued = 'bench-rush-queued';
/** After the restart, time for the members to sign up and take their places before the queued variant goes on sale. */
const onSaleDelayMs = 150_000;

/** The bench's variants, copies of the demo evening's first ticket: plenty for the load runs, a hundred for the rushes. */
async function addRushVariants(server: RunningServer, onSaleAt: Date) {
  const database = await openDatabase({ databaseUrl: server.databaseUrl, dataDir: server.dataDir });
  try {
    const [template] = await database.db
      .select()
      .from(itemVariants)
      .where(and(eq(itemVariants.brandId, 'aurora'), eq(itemVariants.id, `${offerId}-v0`)));
    if (!template) throw new Error(`the demo seed has no variant ${offerId}-v0`);
    const copy = (id: string, position: number, stock: number, extra: Partial<typeof template> = {}) => ({
      ...template,
      id,
      position: 100 + position,
      title: id,
      stock,
      purchaseCap: null,
      ...extra,
    });
    await database.db.insert(itemVariants).values([
      copy(hot, 0, 1_000_000),
      ...Array.from({ length: rushSettings.spreadVariants }, (_, i) => copy(spread(i), 1 + i, 1_000_000)),
      copy(burst, 60, rushSettings.rushStock, { purchaseCap: 1 }),
      copy(queued, 61, rushSettings.rushStock, { purchaseCap: 1, onSaleAt }),
    ]);
  } finally {
    await database.close();
  }
}

const json = { 'content-type': 'application/json' };

async function post(origin: string, token: string, path: string, body: object) {
  const started = performance.now();
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { ...json, 'x-app-url': origin, authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, answer, ms: performance.now() - started };
}

const testCard = { name: 'Bench Member', email: 'bench@example.com', cardNumber: '4242424242424242', expMonth: 12, expYear: 39, cvc: '123' };

/** Opens the member's checkout and pays it with the stand-in's test card: the order id, or why not. */
async function buy(origin: string, token: string): Promise<{ openStatus: number; openMs: number; code?: string; orderId?: string }> {
  const open = await post(origin, token, '/v1/payment/checkout', { testMode: true });
  if (open.status !== 200) return { openStatus: open.status, openMs: open.ms, code: String(open.answer.code) };
  const paid = await post(origin, token, '/v1/payment/local/confirm', {
    stripeCheckoutSessionId: open.answer.id,
    clientSecret: open.answer.clientSecret,
    ...testCard,
  });
  if (paid.status !== 200 || paid.answer.status !== 'complete') return { openStatus: 200, openMs: open.ms, code: `pay ${paid.status} ${String(paid.answer.code ?? paid.answer.status)}` };
  return { openStatus: 200, openMs: open.ms, orderId: String(paid.answer.orderId) };
}

const count = <T>(items: T[], key: (item: T) => string) =>
  items.reduce<Record<string, number>>((counts, item) => ({ ...counts, [key(item)]: (counts[key(item)] ?? 0) + 1 }), {});

/** All members press Buy at once for a variant without an on-sale time. */
async function burstRush(origin: string, tokens: string[]) {
  const started = performance.now();
  const results = await Promise.all(tokens.map((token) => buy(origin, token)));
  const seconds = (performance.now() - started) / 1000;
  const orders = results.filter((r) => r.orderId).length;
  const openMs = results.map((r) => r.openMs);
  return { orders, seconds, outcomes: count(results, (r) => (r.orderId ? 'order' : (r.code ?? String(r.openStatus)))), openP50: percentile(openMs, 0.5), openP99: percentile(openMs, 0.99) };
}

interface QueueAnswer {
  state?: string;
  serverNow?: number;
  onSaleAt?: number;
  admittedUntil?: number | null;
  code?: string;
}

/** The members take places before the on-sale time, ask about them as the app does, and buy when admitted. */
async function queuedRush(origin: string, tokens: string[], onSaleAt: number) {
  const place = (token: string) => post(origin, token, '/v1/sale_queue/place', { itemVariantId: queued });
  const first = await Promise.all(tokens.map(place));
  const states = count(first, (r) => `${r.status} ${(r.answer as QueueAnswer).state ?? (r.answer as QueueAnswer).code}`);
  const giveUpAt = Date.now() + rushSettings.queueGiveUpMs;
  const results = await Promise.all(
    tokens.map(async (token, index) => {
      // Spread over the poll interval, as members' apps are.
      await new Promise((resolve) => setTimeout(resolve, (index * rushSettings.queuePollMs) / tokens.length));
      while (Date.now() < giveUpAt) {
        const { status, answer } = await place(token);
        const { state, admittedUntil } = answer as QueueAnswer;
        if (status !== 200) return { state: `HTTP ${status} ${String(answer.code)}` };
        if (state === 'admitted') {
          // When the server let the member in (its admission lasts admissionMs from then), not when they next asked.
          const admittedAfterMs = (admittedUntil ?? Date.now() + admissionMs) - admissionMs - onSaleAt;
          return { state, admittedAfterMs, ...(await buy(origin, token)), doneAt: Date.now() };
        }
        if (state === 'soldOut') return { state };
        await new Promise((resolve) => setTimeout(resolve, rushSettings.queuePollMs));
      }
      return { state: 'gave up' };
    }),
  );
  const admitted = results.filter((r) => r.state === 'admitted') as { admittedAfterMs: number; orderId?: string; openMs: number; doneAt: number; code?: string }[];
  const waits = admitted.map((r) => r.admittedAfterMs);
  const ordersDone = admitted.filter((r) => r.orderId).map((r) => r.doneAt);
  return {
    firstStates: states,
    outcomes: count(results, (r) => ('orderId' in r && r.orderId ? 'order' : 'code' in r && r.code ? String(r.code) : r.state)),
    orders: ordersDone.length,
    waitP50: percentile(waits, 0.5),
    waitP99: percentile(waits, 0.99),
    soldOutAfterMs: ordersDone.length === 0 ? Number.NaN : Math.max(...ordersDone) - onSaleAt,
    openP99: percentile(admitted.map((r) => r.openMs), 0.99),
  };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '-');

/** The rush section on one database: 'PGlite' (embedded) or 'PostgreSQL' (`databaseUrl`). */
export async function benchRush(databaseKind: 'PGlite' | 'PostgreSQL', databaseUrl?: string): Promise<boolean> {
  const { connections, loadMembers, spreadVariants, rushMembers, rushStock, warmupSeconds, durationSeconds } = rushSettings;
  heading(`On-sale rush on ${databaseKind} (autocannon: ${connections} connections, ${warmupSeconds} s warm-up, ${durationSeconds} s measured)`);
  // The variants are added between a first start (migrations, demo seed) and the measured one.
  const seeding = await startServer(databaseUrl, { keepDataDir: true });
  await seeding.stop();
  const onSaleAt = new Date(Date.now() + onSaleDelayMs);
  await addRushVariants(seeding, onSaleAt);
  // The payment provider runs outside the server, as Stripe does in production: its side of each
  // session (create, expire, the signed events) is not the server's CPU. BENCH_RUSH_STAND_IN=embedded
  // measures with the stand-in inside the server process instead (the `npm start` default).
  const port = await freePort();
  const standIn = process.env.BENCH_RUSH_STAND_IN === 'embedded' ? undefined : await startStandInProcess([`http://localhost:${port}/v1/payment/webhook`]);
  console.log(standIn ? 'The payments stand-in runs as its own process (as Stripe is outside the server).' : 'The payments stand-in runs inside the server process.');
  const server = await startServer(databaseUrl, { dataDir: seeding.dataDir, port, env: standIn?.env });
  try {
    const { origin } = server;
    const loaders = await benchMembers(origin, loadMembers, 'rush-load');
    const run = (label: string): Promise<MeasuredLoad> =>
      measureLoad(label, { url: `${origin}/v1/payment/checkout`, connections, ...asMembers(origin, loaders, { testMode: true }) }, { warmupSeconds, durationSeconds });
    const health = await measureLoad('health (trivial)', { url: `${origin}/v1/health`, connections }, { warmupSeconds, durationSeconds });
    await fillCarts(origin, loaders, (i) => ({ offerId, itemVariantId: spread(i % spreadVariants) }));
    const spreadLoad = await run(`open checkout, ${spreadVariants} variants`);
    await fillCarts(origin, loaders, () => ({ offerId, itemVariantId: hot }));
    const hotLoad = await run('open checkout, one variant');
    console.log(`${loadMembers} members, one to each connection, open checkouts over and over (each open ends the member's previous checkout).`);
    printTable(
      ['load', ' req/s', ' p50 ms', ' p99 ms', ' requests', ' status codes'],
      [health, spreadLoad, hotLoad].map((r) => [r.label, r.rps.toFixed(0), ms(r.p50), ms(r.p99), String(r.requests), JSON.stringify(r.statusCodes)]),
    );
    const ratio = hotLoad.rps / spreadLoad.rps;
    const goalRate = databaseKind === 'PostgreSQL' ? rushGoals.hotOpensPerSecondPostgres : rushGoals.hotOpensPerSecondEmbedded;
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'BELOW');
    console.log(`One variant: ${hotLoad.rps.toFixed(0)} opens/s = ${(hotLoad.rps / goalRate).toFixed(2)} of the goal ${goalRate}/s -> ${verdict(hotLoad.rps >= goalRate)}`);
    if (databaseKind === 'PostgreSQL') {
      console.log(`One variant p99: ${ms(hotLoad.p99)} ms = ${(hotLoad.p99 / rushGoals.hotP99MsPostgres).toFixed(2)} of the goal ${rushGoals.hotP99MsPostgres} ms -> ${verdict(hotLoad.p99 <= rushGoals.hotP99MsPostgres)}`);
    }
    console.log(`One variant / spread: ${hotLoad.rps.toFixed(0)} / ${spreadLoad.rps.toFixed(0)} = ${ratio.toFixed(2)} (goal ${rushGoals.hotToSpread}) -> ${verdict(ratio >= rushGoals.hotToSpread)}`);
    console.log(`One variant / trivial endpoint: ${(hotLoad.rps / health.rps).toFixed(3)}`);
    // BENCH_RUSH_LOAD_ONLY=1: only the rates above (a quicker loop while working on the open's cost).
    if (process.env.BENCH_RUSH_LOAD_ONLY) return true;

    const rushers = await benchMembers(origin, rushMembers, 'rush');
    await fillCarts(origin, rushers, () => ({ offerId, itemVariantId: burst }));
    const burstResult = await burstRush(origin, rushers);
    console.log(`\nAll at once: ${rushMembers} members press Buy for ${rushStock} tickets of one variant (cap 1 each), then pay.`);
    console.log(`  ${burstResult.orders} orders (exactly ${rushStock}: ${burstResult.orders === rushStock ? 'yes' : 'NO'}) in ${burstResult.seconds.toFixed(1)} s; opens p50 ${ms(burstResult.openP50)} ms, p99 ${ms(burstResult.openP99)} ms; outcomes ${JSON.stringify(burstResult.outcomes)}`);

    await fillCarts(origin, rushers, () => ({ offerId, itemVariantId: queued }));
    const waitMs = onSaleAt.getTime() - Date.now();
    console.log(`\nThrough the queue: ${rushMembers} members take places before the on-sale time (in ${(waitMs / 1000).toFixed(0)} s), ask every ${rushSettings.queuePollMs / 1000} s, buy when admitted.`);
    const queueResult = await queuedRush(origin, rushers, onSaleAt.getTime());
    console.log(`  first answers ${JSON.stringify(queueResult.firstStates)}`);
    console.log(`  ${queueResult.orders} orders (exactly ${rushStock}: ${queueResult.orders === rushStock ? 'yes' : 'NO'}); queue wait after the on-sale time p50 ${ms(queueResult.waitP50)} ms, p99 ${ms(queueResult.waitP99)} ms; sold out ${ms(queueResult.soldOutAfterMs)} ms after it; opens p99 ${ms(queueResult.openP99)} ms`);
    console.log(`  outcomes ${JSON.stringify(queueResult.outcomes)}`);
    const exact = burstResult.orders === rushStock && queueResult.orders === rushStock;
    const refusedLoad = [spreadLoad, hotLoad].some((r) => Object.keys(r.statusCodes).some((code) => code !== '200'));
    if (refusedLoad) console.log('!!! Some load requests were refused; the rates include them.');
    return exact && !refusedLoad;
  } finally {
    await server.stop();
    await standIn?.stop();
  }
}
