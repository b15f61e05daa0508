import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { heading, printTable } from './format.ts';
import { createBenchDatabase } from './postgres.ts';
import { freePort } from './server.ts';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const runs = 5;
const goalMs = 1000;
const clockTicks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU time (user + system) a live Linux process has used, in ms; null elsewhere. */
function cpuMsOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return null;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One start of the compiled server on a migrated database: wall and CPU time until /v1/ready answers 200. */
async function timeOneStart(dataDir: string, database: Record<string, string>): Promise<{ wallMs: number; cpuMs: number | null }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['dist-server/server/index.js'], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, KLUBB_NO_CLIENT: '1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...database },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the compiled server exited with ${child.exitCode}`);
      const ready = await fetch(`http://127.0.0.1:${port}/v1/ready`).then((r) => r.ok, () => false);
      if (ready) return { wallMs: performance.now() - started, cpuMs: cpuMsOf(child.pid!) };
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM'))));
  }
}

/**
 * `--only start`: the production start (goal: well under a second on a migrated database):
 * compiles the server, migrates a fresh database once (PostgreSQL with `--postgres`, as in
 * production, with MIGRATE_ON_START=false after; else the embedded one), then starts `node
 * dist-server/server/index.js` five times and prints the median wall and CPU time to readiness,
 * beside Node's own start (`node -e 0`) on this machine, as ratios to the 1 s goal.
 */
export async function benchStartTime(postgresUrl?: string): Promise<void> {
  heading(`Production start (compiled server, migrated ${postgresUrl ? 'PostgreSQL' : 'embedded'} database)`);
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/buildServer.ts'], { cwd: projectRoot, stdio: 'ignore' });
  const dataDir = await mkdtemp(join(tmpdir(), 'klubb-bench-start-'));
  const postgres = postgresUrl ? await createBenchDatabase(postgresUrl) : null;
  try {
    await timeOneStart(dataDir, postgres ? { DATABASE_URL: postgres.url } : {}); // migrates; not counted
    const database: Record<string, string> = postgres ? { DATABASE_URL: postgres.url, MIGRATE_ON_START: 'false' } : {};
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await timeOneStart(dataDir, database));
    const nodeAlone = [];
    for (let i = 0; i < runs; i++) {
      const before = performance.now();
      execFileSync(process.execPath, ['-e', '0']);
      nodeAlone.push(performance.now() - before);
    }
    const wall = median(samples.map((s) => s.wallMs));
    const cpu = samples.every((s) => s.cpuMs !== null) ? median(samples.map((s) => s.cpuMs!)) : null;
    const node = median(nodeAlone);
    printTable(
      ['measure', 'median', 'ratio to 1 s goal'],
      [
        ['wall time to /v1/ready', `${wall.toFixed(0)} ms`, (wall / goalMs).toFixed(2)],
        ['CPU time to /v1/ready', cpu === null ? 'n/a' : `${cpu.toFixed(0)} ms`, cpu === null ? '-' : (cpu / goalMs).toFixed(2)],
        ['node -e 0 (this machine)', `${node.toFixed(0)} ms`, (node / goalMs).toFixed(2)],
      ],
    );
    console.log(`(${runs} starts; wall time includes Node's own start, ${(wall / node).toFixed(1)}× of it)`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
}
