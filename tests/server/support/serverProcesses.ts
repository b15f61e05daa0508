import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { testProjectId } from './testApp.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Starts `server/index.ts` once per port on one database, as separate processes (how several
 * instances share a PostgreSQL; or the one server on an embedded DATA_DIR, as an operator's
 * command finds it), and waits until each answers /v1/health. `stop` ends them.
 */
export async function startServerProcesses(database: { databaseUrl: string } | { dataDir: string }, ports: number[], env: Record<string, string> = {}) {
  const servers: ChildProcess[] = [];
  const logs: string[] = [];
  for (const port of ports) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        ...('databaseUrl' in database ? { DATABASE_URL: database.databaseUrl } : { DATA_DIR: database.dataDir }),
        PORT: String(port),
        HOST: '127.0.0.1',
        KLUBB_NO_CLIENT: '1',
        SEED_DEMO: 'false',
        DEV_TOOLS: 'false',
        FIREBASE_PROJECT_ID: testProjectId,
        LOG_LEVEL: 'warn',
        // Every request of a test comes from 127.0.0.1: the per-address limits are other tests' subject.
        CHECKOUT_ADDRESS_LIMIT: '100000',
        WAITING_LIST_JOIN_LIMIT: '100000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => logs.push(String(d)));
    child.stderr!.on('data', (d) => logs.push(String(d)));
    servers.push(child);
  }
  const stop = () =>
    Promise.all(
      servers.map((s) =>
        s.exitCode !== null || s.signalCode !== null
          ? undefined
          : new Promise<void>((resolve) => {
              s.once('exit', () => resolve());
              s.kill('SIGTERM');
            }),
      ),
    );
  const deadline = Date.now() + 60_000;
  for (const port of ports) {
    for (;;) {
      const up = await fetch(`http://127.0.0.1:${port}/v1/health`).then((r) => r.ok, () => false);
      if (up) break;
      if (Date.now() > deadline || servers.some((s) => s.exitCode !== null)) {
        await stop();
        throw new Error(`server on ${port} did not start:\n${logs.join('')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  /** Ends them (or the one at `index`) as a crash would: SIGKILL, nothing flushed, nothing cleaned up. */
  const crash = (index?: number) =>
    Promise.all((index === undefined ? servers : [servers[index]!]).map((s) => (s.exitCode !== null || s.signalCode !== null ? undefined : new Promise<void>((resolve) => (s.once('exit', () => resolve()), s.kill('SIGKILL'))))));
  /** How each process ended (null while it runs): its exit code, or the signal that ended it. */
  const exits = () => servers.map((s) => s.exitCode ?? s.signalCode);
  return { logs, stop, crash, exits };
}
