import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RunningServer {
  /** The Aurora brand's origin, as a member's browser sees it. */
  origin: string;
  port: number;
  /** The server's DATA_DIR (its owner note carries the admin token; none on PostgreSQL). */
  dataDir: string;
  /** PostgreSQL's URL when the server runs on it, else the server has its embedded database. */
  databaseUrl?: string;
  stop(): Promise<void>;
}

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const startTimeoutMs = 120_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  // Negative pid: the whole group, so tsx's loader or any grandchild goes too.
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  }
}

async function waitForHealth(origin: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${origin}/v1/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy after ${startTimeoutMs / 1000} s:\n${log()}`);
}

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = env;
  return rest;
}

/** Starts `server/index.ts` on a free loopback port with a fresh embedded database, or on the given (fresh) PostgreSQL database. */
export async function startServer(
  databaseUrl?: string,
  /** `dataDir`: start on the data of a server stopped with `keepDataDir` (the caller removes it). */
  options: { env?: Record<string, string>; port?: number; dataDir?: string; keepDataDir?: boolean } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'klubb-bench-')));
  // BENCH_CPU_PROFILE=<dir>: each server writes its CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/index.ts'], {
    cwd: projectRoot,
    // The claims bench signs up its members and opens their checkouts from one address, over and over.
    env: {
      ...withoutDatabaseUrl(process.env),
      PORT: String(port),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ACCOUNT_CREATE_LIMIT: '1000',
      CHECKOUT_MEMBER_LIMIT: '1000000',
      CHECKOUT_ADDRESS_LIMIT: '1000000',
      // The bench plays a proxy on loopback: its X-Forwarded-For names each simulated client's address.
      TRUST_PROXY: 'loopback',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const killOnExit = () => killGroup(child, 'SIGKILL');
  process.once('exit', killOnExit);
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`\n!!! server exited unexpectedly (code ${code}, signal ${signal}); its last output:\n${output}`);
  });

  const stop = async () => {
    stopping = true;
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    if (!options.keepDataDir) await rm(dataDir, { recursive: true, force: true });
  };

  const origin = `http://localhost:${port}`;
  try {
    await waitForHealth(origin, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, port, dataDir, databaseUrl, stop };
}
