import type { Config } from '../server/config.ts';
import type { DataDirOwner } from '../server/dataDirOwner.ts';
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
