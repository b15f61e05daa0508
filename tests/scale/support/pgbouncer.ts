import { chownSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startDaemon } from './daemon.ts';
import { freePort } from '../../server/support/paymentsApp.ts';

export const pgbouncerPath = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';

export interface PgBouncer {
  /** The URL of `database` through the pooler. */
  urlOf(database: string): string;
  port: number;
  stop(): Promise<void>;
  log(): string;
}

/**
 * Debian's PgBouncer in transaction pooling (as production runs it) in front of the PostgreSQL
 * server of `serverUrl`, every database passed through, `poolSize` server connections per
 * database. Config and log live in a temporary directory; as root it drops to `postgres`
 * (PgBouncer refuses to run as root).
 */
export async function startPgBouncer(serverUrl: string, options: { poolSize?: number } = {}): Promise<PgBouncer> {
  const server = new URL(serverUrl);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'klubb-pgbouncer-'));
  const user = decodeURIComponent(server.username || 'postgres');
  const asRoot = process.getuid?.() === 0;
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.poolSize ?? 20}`,
      'max_client_conn = 2000',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      'ignore_startup_parameters = extra_float_digits,options',
      // Idle server connections to a dropped test database go quickly.
      'server_idle_timeout = 5',
      '',
    ].join('\n'),
  );
  if (asRoot) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
    for (const file of ['userlist.txt', 'pgbouncer.ini']) chownSync(join(dir, file), uid, gid);
  }
  const { child, output, stop } = startDaemon(pgbouncerPath, [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')], dir, 'SIGINT');
  const urlOf = (database: string) => {
    const url = new URL(serverUrl);
    url.port = String(port);
    url.hostname = '127.0.0.1';
    url.pathname = `/${database}`;
    return url.toString();
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    const client = new pg.Client({ connectionString: urlOf(server.pathname.slice(1) || 'postgres') });
    const up = await client.connect().then(
      () => client.query('SELECT 1').then(() => true),
      () => false,
    );
    await client.end().catch(() => undefined);
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`pgbouncer did not start:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { urlOf, port, stop, log: () => output.join('') };
}

function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('running as root, PgBouncer needs the postgres user to drop to');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}
