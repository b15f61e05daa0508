import pg from 'pg';
import { createBenchDatabase } from './postgres.ts';
import { startServer } from './server.ts';
import { benchMembers, fillCarts } from './promoClaims.ts';
const serverUrl = 'postgres://postgres@127.0.0.1:54329/postgres';
const db = await createBenchDatabase(serverUrl);
const server = await startServer(db.url);
const mark = async (m: string) => { const c = new pg.Client({ connectionString: db.url }); await c.connect(); await c.query(`select '${m}'`); await c.end(); };
try {
  const [token] = await benchMembers(server.origin, 1, 'trace');
  await fillCarts(server.origin, [token!], () => ({ offerId: 'aurora-live-001', itemVariantId: 'aurora-live-001-v0' }));
  const open = () => fetch(`${server.origin}/v1/payment/checkout`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-app-url': server.origin, authorization: `Bearer ${token}` }, body: '{"testMode":true}' }).then((r) => r.status);
  console.log(await open(), await open());
  await new Promise((r) => setTimeout(r, 1000));
  await mark('MARK-START');
  console.log(await open());
  await new Promise((r) => setTimeout(r, 1000));
  await mark('MARK-END');
} finally { await server.stop(); await db.drop(); }
