import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../server/db/database.ts';
import { tickets } from '../../server/db/schema/index.ts';
import { settleCheckout } from '../../server/commerce/fulfilment.ts';
import { makeBrand, makeOffer } from './support/factories.ts';
import { openTestDatabase } from './support/testDatabase.ts';
import { startServerProcesses } from './support/serverProcesses.ts';
import { operatorCommand, repositoryRoot } from './support/operatorCommand.ts';
import { commerceDeps, fillCart, makeConcert, offlinePayments, plainMembers, providerSession, reserveOpen } from './checkout.helpers.ts';

/**
 * Every operator command against a server process of a deployment: started with OPERATOR_TOKEN on
 * PostgreSQL (TEST_DATABASE_URL), else on an embedded DATA_DIR, reached by URL from commands that
 * hold the same token and no DATA_DIR of their own. Refused without the token or with a wrong one.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const operatorToken = 'kP4v9Qx2Lm7RtB3wZc8YhD1sFg6NaE5uJoTi0Wn';
const silentLog = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

let dir: string;
let database: OpenDatabase & { url?: string };
let server: Awaited<ReturnType<typeof startServerProcesses>>;
let serverUrl: string;
let orderId: string;
let ticketCode: string;

/** The command as an operator elsewhere runs it: the server's URL and the token, no database. */
const withToken = () => ({ KLUBB_SERVER_URL: serverUrl, OPERATOR_TOKEN: operatorToken, DATA_DIR: join(dir, 'unused') });
const withoutToken = () => ({ KLUBB_SERVER_URL: serverUrl, DATA_DIR: join(dir, 'unused') });
const withWrongToken = () => ({ ...withToken(), OPERATOR_TOKEN: operatorToken.replace('kP4', 'kP5') });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'klubb-operator-'));
  writeFileSync(join(dir, 'codes.csv'), 'OPS-1\nOPS-2\nOPS-3\n');
  copyFileSync(join(repositoryRoot, 'docs/brand-content.example.json'), join(dir, 'content.json'));
  copyFileSync(join(repositoryRoot, 'docs/brand.example.json'), join(dir, 'brand.json'));
  database = onPostgres ? await openTestDatabase() : await openDatabase({ dataDir: join(dir, 'data') });
  const { db } = database;
  const brand = await makeBrand(db, 'aurora', ['localhost']);
  await makeOffer(db, 'aurora', 'deal');
  await makeConcert(db, 'aurora', [['evening', 10]]);
  const [uid] = await plainMembers(db, brand, 1, 'buyer');
  await fillCart(db, 'aurora', uid!, [{ itemVariantId: 'evening', offerId: 'concert', quantity: 1 }]);
  const row = await reserveOpen(db, 'aurora', uid!, Date.now());
  orderId = (await settleCheckout(commerceDeps(db, { payments: offlinePayments('whsec_ops'), log: silentLog }), providerSession(row, 'complete')))!.orderId!;
  ticketCode = (await db.select().from(tickets).where(eq(tickets.orderId, orderId)))[0]!.code;
  // PGlite allows one process per data directory: the server gets it to itself.
  if (!onPostgres) await database.close();
  server = await startServerProcesses(onPostgres ? { databaseUrl: database.url! } : { dataDir: join(dir, 'data') }, 1, {
    OPERATOR_TOKEN: operatorToken,
    LOG_LEVEL: 'info',
  });
  serverUrl = `http://127.0.0.1:${server.ports[0]}`;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (onPostgres) await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe(`operator commands against a deployment's server (${onPostgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('refuse without the token, before sending anything, and say which variables to set', async () => {
    const commands: [string, string[]][] = [
      ['codesImport.ts', ['--brand', 'aurora', '--offer', 'deal', join(dir, 'codes.csv')]],
      ['brandContent.ts', ['--brand', 'aurora', join(dir, 'content.json')]],
      ['brand.ts', ['create', join(dir, 'brand.json')]],
      ['analytics.ts', ['--brand', 'aurora']],
      ['orderCancel.ts', ['--brand', 'aurora', orderId]],
    ];
    for (const [script, args] of commands) {
      const result = await operatorCommand(script, args, withoutToken());
      expect([script, result.ok, result.out.trim()]).toEqual([script, false, `${serverUrl} needs the deployment's operator token: set OPERATOR_TOKEN, or OPERATOR_TOKEN_FILE naming its file.`]);
    }
    // Never over plain HTTP to another machine.
    const plain = await operatorCommand('analytics.ts', ['--brand', 'aurora', '--server', 'http://203.0.113.1:8080'], withToken());
    expect(plain.out).toContain('is plain HTTP: the operator token goes only over HTTPS (or to this machine). Use https://.');
    // A weak token is refused by the command as by the server.
    const weak = await operatorCommand('analytics.ts', ['--brand', 'aurora'], { ...withToken(), OPERATOR_TOKEN: 'secret' });
    expect(weak.out).toContain('OPERATOR_TOKEN is 6 characters long');
  }, 120_000);

  it('are refused by the server with a wrong token, and change nothing', async () => {
    const wrong = (what: string) =>
      `The server at ${serverUrl} refused the ${what}: wrong operator token, none configured there (OPERATOR_TOKEN), or plain HTTP from another machine.`;
    const results = {
      import: await operatorCommand('codesImport.ts', ['--brand', 'aurora', '--offer', 'deal', join(dir, 'codes.csv')], withWrongToken()),
      'content change': await operatorCommand('brandContent.ts', ['--brand', 'aurora', join(dir, 'content.json')], withWrongToken()),
      'brand create': await operatorCommand('brand.ts', ['create', join(dir, 'brand.json')], withWrongToken()),
      'analytics report': await operatorCommand('analytics.ts', ['--brand', 'aurora'], withWrongToken()),
      cancellation: await operatorCommand('orderCancel.ts', ['--brand', 'aurora', orderId], withWrongToken()),
    };
    for (const [what, result] of Object.entries(results)) expect([what, result.ok, result.out.trim()]).toEqual([what, false, wrong(what)]);
    // Nothing changed: the order's ticket is not void, the brand's content is still empty.
    expect((await fetch(`${serverUrl}/v1/get/tickets/void?appUrl=http://localhost`).then((r) => r.json())).ticketIds).toEqual([]);
    const content = await fetch(`${serverUrl}/v1/get/brand/content?appUrl=http://localhost`).then((r) => r.json());
    expect(content.faq).toEqual([]);
    expect((await fetch(`${serverUrl}/v1/get/brand?appUrl=https://polaris.example.com`)).status).toBe(404);
  }, 120_000);

  it('create a brand, which the server serves at once', async () => {
    const result = await operatorCommand('brand.ts', ['create', join(dir, 'brand.json')], withToken());
    expect(result.out).toContain(`Brand polaris created from ${join(dir, 'brand.json')} (through the server at ${serverUrl})`);
    expect(result.ok).toBe(true);
    const brand = await fetch(`${serverUrl}/v1/get/brand?appUrl=https://polaris.example.com`).then((r) => r.json());
    expect(brand).toMatchObject({ id: 'polaris', name: 'Polaris' });
  }, 60_000);

  it('import codes with --server and the token from a secret file', async () => {
    const tokenFile = join(dir, 'operator_token');
    writeFileSync(tokenFile, `${operatorToken}\n`, { mode: 0o600 });
    const env = { DATA_DIR: join(dir, 'unused'), OPERATOR_TOKEN_FILE: tokenFile };
    const result = await operatorCommand('codesImport.ts', ['--brand', 'aurora', '--offer', 'deal', '--server', serverUrl, '--cap', '2', join(dir, 'codes.csv')], env);
    expect(result.out).toContain(`Offer deal of brand aurora (through the server at ${serverUrl})`);
    // The wrong-token attempt before added none of them.
    expect(result.out).toContain('3 codes read, 3 added, 0 already there (skipped)');
    expect(result.out).toContain('claim cap: 2 unique codes per member (set)');
    expect(result.ok).toBe(true);
  }, 60_000);

  it("replace a brand's content, which the server shows at once", async () => {
    const result = await operatorCommand('brandContent.ts', ['--brand', 'aurora', join(dir, 'content.json')], withToken());
    expect(result.out).toContain(`Content of brand aurora replaced from ${join(dir, 'content.json')} (through the server at ${serverUrl})`);
    expect(result.out).toContain('Other running servers show it within 30 seconds');
    expect(result.ok).toBe(true);
    const content = await fetch(`${serverUrl}/v1/get/brand/content?appUrl=http://localhost`).then((r) => r.json());
    expect(content.faq[0].question).toBe('How do I become a member?');
  }, 60_000);

  it('print the analytics report', async () => {
    const result = await operatorCommand('analytics.ts', ['--brand', 'aurora', '--since', '7d'], withToken());
    expect(result.ok).toBe(true);
    expect(result.out).toMatch(/funnel/i);
    const unknown = await operatorCommand('analytics.ts', ['--brand', 'nope'], withToken());
    expect(unknown.ok).toBe(false);
    expect(unknown.out).toContain(`The server at ${serverUrl}: the analytics report was refused (404)`);
  }, 60_000);

  it('cancel an order through the server, once; the door scanner then finds its ticket void', async () => {
    const valid = await operatorCommand('ticketVerify.ts', [ticketCode, '--brand', 'aurora', '--app-url', 'http://localhost'], { KLUBB_SERVER_URL: serverUrl });
    expect(valid.out).toContain('VALID ticket');
    const first = await operatorCommand('orderCancel.ts', ['--brand', 'aurora', orderId], withToken());
    // The order was paid outside this server's provider, so its refund is left for the sweep to retry.
    expect(first.out).toMatch(new RegExp(`^Order ${orderId} of aurora is cancelled; SEK.+; 0 freed tickets offered to the waiting list\\.`));
    expect(first.ok).toBe(true);
    const again = await operatorCommand('orderCancel.ts', ['--brand', 'aurora', orderId], withToken());
    expect(again.out).toContain(`Order ${orderId} of aurora was already cancelled; nothing changed.`);
    const scanned = await operatorCommand('ticketVerify.ts', [ticketCode, '--brand', 'aurora', '--app-url', 'http://localhost'], { KLUBB_SERVER_URL: serverUrl });
    expect([scanned.ok, scanned.out]).toEqual([false, expect.stringContaining(`belongs to order ${orderId}, which was cancelled`)]);
  }, 120_000);

  it('cannot cancel an order on the database alone, and say so', async () => {
    const env: Record<string, string> = onPostgres ? { DATABASE_URL: database.url! } : { DATA_DIR: join(dir, 'unused') };
    const result = await operatorCommand('orderCancel.ts', ['--brand', 'aurora', orderId], env);
    expect(result.ok).toBe(false);
    expect(result.out).toContain('Orders are cancelled through a running server, not on the database (the server refunds through the payment provider)');
    if (onPostgres) expect(result.out).toContain('--server https://… (or KLUBB_SERVER_URL) and the operator token (OPERATOR_TOKEN or OPERATOR_TOKEN_FILE)');
  }, 60_000);

  it('a server given a weak token does not start, and does not print it', async () => {
    const weak = 'klubb-operator-2026';
    const started = startServerProcesses({ dataDir: join(dir, 'weak') }, 1, { OPERATOR_TOKEN: weak });
    const error = await started.then(() => null, (e: Error) => e);
    expect(error?.message).toContain('Klubb cannot start: Invalid configuration:\n  OPERATOR_TOKEN is 19 characters long; an operator token needs at least 32');
    expect(error?.message).not.toContain(weak);
  }, 60_000);

  it("left a log line for every call, refused ones too, and the token in none of them", async () => {
    const calls = server.logs
      .join('')
      .split('\n')
      .filter((line) => line.includes('"operatorCall"'))
      .map((line) => JSON.parse(line).operatorCall as { route: string; outcome: string; address: string; operator?: string });
    const count = (route: string, outcome: string) => calls.filter((c) => c.route === route && c.outcome === outcome).length;
    expect(count('/admin/promo-codes/import', 'refused')).toBe(1);
    expect(count('/admin/promo-codes/import', 'done')).toBe(1);
    expect(count('/admin/brand/content', 'done')).toBe(1);
    expect(count('/admin/analytics/report', 'done')).toBe(1);
    expect(count('/admin/analytics/report', 'failed')).toBe(1);
    expect(count('/admin/orders/cancel', 'refused')).toBe(1);
    expect(count('/admin/orders/cancel', 'done')).toBe(2);
    expect(calls.every((c) => c.address === '127.0.0.1' && /^.+@.+$/.test(c.operator ?? ''))).toBe(true);
    expect(server.logs.join('')).not.toContain(operatorToken);
    expect(server.logs.join('')).not.toContain(operatorToken.replace('kP4', 'kP5'));
  });
});
