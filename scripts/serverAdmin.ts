import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../server/config.ts';
import { claimDataDir, type DataDirOwner } from '../server/dataDirOwner.ts';
import { openDatabase, type Database } from '../server/db/database.ts';
import { adminTokenHeader } from '../server/plugins/operatorOnly.ts';

/** An operator command that could not be done; its message is for the operator. */
export class OperatorError extends Error {}

/**
 * Calls one of the running server's loopback-only /admin routes with the admin token it wrote
 * into DATA_DIR, and answers its JSON.
 */
export async function callServerAdmin<T>(config: Config, owner: DataDirOwner, path: string, body: unknown, what: string): Promise<T> {
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${owner.port}${path}`;
  const held = `The server (process ${owner.pid}, port ${owner.port}) holds DATA_DIR ${config.dataDir}`;
  if (!owner.adminToken) throw new OperatorError(`${held} and takes no ${what} (it predates them): restart it, or stop it to work here.`);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [adminTokenHeader]: owner.adminToken },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
  } catch {
    throw new OperatorError(`${held} but does not answer at ${url} (still starting?). Try again in a moment.`);
  }
  const answer = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) throw new OperatorError(`${held}; the ${what} was refused (${response.status}): ${answer.message ?? 'no reason given'}`);
  return answer;
}

/**
 * Runs `work` on the database itself when no server holds it: PostgreSQL, or the embedded one in
 * DATA_DIR, which is held meanwhile so a server cannot start on it (it would say so).
 */
export async function withOperatorDatabase<T>(config: Config, work: (db: Database) => Promise<T>): Promise<T> {
  const embedded = !config.databaseUrl;
  if (embedded && !existsSync(join(config.dataDir, 'pglite'))) {
    throw new OperatorError(`There is no database in DATA_DIR ${config.dataDir} yet: start the server once (npm start).`);
  }
  const release = embedded ? claimDataDir(config.dataDir, 0) : () => undefined;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
    release();
  }
}
