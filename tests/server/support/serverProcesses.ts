import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { testProjectId } from './testApp.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** What server/index.ts tells a parent that started it with an IPC channel, once it listens. */
interface Listening {
  type: 'klubb.listening';
  port: number;
}
const isListening = (message: unknown): message is Listening =>
  typeof message === 'object' && message !== null && (message as Listening).type === 'klubb.listening';

/** The port a server started with PORT=0 and an IPC channel listens on; rejects if it exits first. */
export function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    child.on('message', (message) => {
      if (isListening(message)) resolve(message.port);
    });
    child.once('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}) before it listened`)));
  });
}

/**
 * Starts `server/index.ts` as separate processes on one database (how several instances share a
 * PostgreSQL; or the one server on an embedded DATA_DIR, as an operator's command finds it) and
 * waits until each listens. `instances` is how many, each on a port it picks itself (PORT=0, told
 * back over IPC, so no port found free is taken by someone else before it binds), or the ports to
 * listen on where something must know them first (a payments stand-in started before the servers).
 * `ports` are where they listen; `stop` ends them.
 */
export async function startServerProcesses(database: { databaseUrl: string } | { dataDir: string }, instances: number | number[], env: Record<string, string> = {}) {
  const servers: ChildProcess[] = [];
  const logs: string[] = [];
  const wanted = typeof instances === 'number' ? Array.from({ length: instances }, () => 0) : instances;
  const listening: Promise<number>[] = [];
  for (const port of wanted) {
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
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.stdout!.on('data', (d) => logs.push(String(d)));
    child.stderr!.on('data', (d) => logs.push(String(d)));
    servers.push(child);
    listening.push(listeningPort(child));
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
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('not listening after 60 s')), 60_000);
  });
  let ports: number[];
  try {
    ports = await Promise.race([Promise.all(listening), deadline]);
  } catch (error) {
    await stop();
    throw new Error(`server did not start: ${(error as Error).message}\n${logs.join('')}`);
  } finally {
    clearTimeout(timer);
  }
  /** Ends them (or the one at `index`) as a crash would: SIGKILL, nothing flushed, nothing cleaned up. */
  const crash = (index?: number) =>
    Promise.all((index === undefined ? servers : [servers[index]!]).map((s) => (s.exitCode !== null || s.signalCode !== null ? undefined : new Promise<void>((resolve) => (s.once('exit', () => resolve()), s.kill('SIGKILL'))))));
  /** How each process ended (null while it runs): its exit code, or the signal that ended it. */
  const exits = () => servers.map((s) => s.exitCode ?? s.signalCode);
  return { ports, logs, stop, crash, exits };
}
