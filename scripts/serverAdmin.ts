import { existsSync, readFileSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../server/config.ts';
import { isLoopback } from '../server/addresses.ts';
import { claimDataDir, readDataDirOwner } from '../server/dataDirOwner.ts';
import { openDatabase, type Database } from '../server/db/database.ts';
import { OperatorTokenError, readOperatorToken } from '../server/operatorToken.ts';
import { adminTokenHeader, operatorNameHeader } from '../server/plugins/operatorOnly.ts';
import { describeProblems, parseJson, type FileProblem, type ParsedFile } from '../server/operatorFiles/fileProblems.ts';

/** An operator command that could not be done; its message is for the operator. */
export class OperatorError extends Error {}

/** The `--server` option every operator command takes (with KLUBB_SERVER_URL as its default). */
export const serverOption = { server: { type: 'string' } } as const;

/** A server that does the work: one of a deployment's instances, or the one holding DATA_DIR. */
export interface AdminServer {
  /** Its base URL, e.g. https://api.example.com. */
  url: string;
  token: string;
  /** How the command names it to the operator ("the server at …", "the server on port …"). */
  name: string;
  /** Given by --server or KLUBB_SERVER_URL (one of maybe several instances), not found in DATA_DIR. */
  remote: boolean;
}

/**
 * Where an operator command does its work: the server given by `--server URL` (or KLUBB_SERVER_URL)
 * with OPERATOR_TOKEN; else the server holding the embedded DATA_DIR, with the token it wrote
 * there; else null: the command opens DATABASE_URL (or DATA_DIR) itself.
 */
export function adminServer(config: Config, server: string | undefined, env: Record<string, string | undefined> = process.env): AdminServer | null {
  const given = server ?? (env.KLUBB_SERVER_URL || undefined);
  if (given) return remoteServer(given, env);
  if (config.databaseUrl) return null;
  const owner = readDataDirOwner(config.dataDir);
  if (!owner) return null;
  if (owner.port === 0) throw new OperatorError(`Another tool (process ${owner.pid}) is using DATA_DIR ${config.dataDir}; try again when it is done.`);
  const held = `The server (process ${owner.pid}, port ${owner.port}) holds DATA_DIR ${config.dataDir}`;
  if (!owner.adminToken) throw new OperatorError(`${held} and takes no operator commands (it predates them): restart it, or stop it to work here.`);
  return { url: localServerOrigin(config, owner.port), token: owner.adminToken, name: `the server on port ${owner.port}`, remote: false };
}

/** The origin of the server on this machine that listens on `port` (at HOST, or loopback when it listens on every address). */
export function localServerOrigin(config: Config, port: number): string {
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function remoteServer(given: string, env: Record<string, string | undefined>): AdminServer {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new OperatorError(`--server ${given} is not a URL (e.g. https://api.example.com).`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OperatorError(`--server ${given} is not an http(s) URL.`);
  // The token must not cross a network in the clear; the servers refuse it that way too.
  if (url.protocol === 'http:' && !isLoopback(url.hostname.replace(/^\[|\]$/g, '')) && url.hostname !== 'localhost') {
    throw new OperatorError(`--server ${url.origin} is plain HTTP: the operator token goes only over HTTPS (or to this machine). Use https://.`);
  }
  let token: string | undefined;
  try {
    token = readOperatorToken(env);
  } catch (error) {
    if (error instanceof OperatorTokenError) throw new OperatorError(error.message);
    throw error;
  }
  if (!token) throw new OperatorError(`${url.origin} needs the deployment's operator token: set OPERATOR_TOKEN, or OPERATOR_TOKEN_FILE naming its file.`);
  return { url: url.origin + url.pathname.replace(/\/$/, ''), token, name: `the server at ${url.origin}`, remote: true };
}

/** user@host of whoever runs the command, for the server's log. */
function operatorName(): string {
  let user = 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // No passwd entry (some containers): the host alone.
  }
  return `${user}@${hostname()}`.replace(/[^\x20-\x7e]/g, '?').slice(0, 100);
}

/** Calls one of a server's /admin routes with the operator token and answers its JSON. */
export async function callServerAdmin<T>(server: AdminServer, path: string, body: unknown, what: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [adminTokenHeader]: server.token, [operatorNameHeader]: operatorName() },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    throw new OperatorError(`${capitalized(server.name)} does not answer (${cause}; still starting?). Try again in a moment.`);
  }
  const answer = (await response.json().catch(() => ({}))) as T & { code?: string; message?: string };
  // The guard answers as if there were no such route; a route's own 404 names what it did not find.
  if (response.status === 404 && answer.code === 'not_found') {
    throw new OperatorError(
      `${capitalized(server.name)} refused the ${what}: wrong operator token, none configured there (OPERATOR_TOKEN), or plain HTTP from another machine.`,
    );
  }
  if (!response.ok) throw new OperatorError(`${capitalized(server.name)}: the ${what} was refused (${response.status}): ${answer.message ?? 'no reason given'}`);
  return answer;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Where a command that opened the database itself says it worked. */
export const databaseName = (config: Config) => (config.databaseUrl ? 'PostgreSQL' : `DATA_DIR ${config.dataDir}`);

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

/** What a command prints for an error: its own message for the operator's mistakes, else the whole error. */
export function failedCommand(error: unknown): never {
  const known =
    error instanceof OperatorError ||
    (error instanceof Error && ['ConfigError', 'DataDirInUseError'].includes(error.constructor.name)) ||
    String((error as { code?: unknown })?.code).startsWith('ERR_PARSE_ARGS_');
  console.error(known ? (error as Error).message : error);
  process.exit(1);
}

/**
 * An operator's JSON file, checked whole by `parse`: the JSON as written (what a server checks
 * again) and what it writes; a file with problems stops the command, naming each by its path.
 */
export function readOperatorFile<T>(file: string, parse: (json: unknown) => ParsedFile<T>): { source: unknown; value: T } {
  if (!existsSync(file)) throw new OperatorError(`No such file: ${file}`);
  const refused = (problems: FileProblem[]) =>
    new OperatorError(`${file} has ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was changed:\n${describeProblems(problems)}`);
  const json = parseJson(readFileSync(file, 'utf8'));
  if (!json.ok) throw refused(json.problems);
  const parsed = parse(json.value);
  if (!parsed.ok) throw refused(parsed.problems);
  return { source: json.value, value: parsed.value };
}
