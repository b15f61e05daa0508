import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { makeBrand } from './support/factories.ts';
import { createEmptyPostgresDatabase } from './support/testDatabase.ts';
import { listeningPort } from './support/serverProcesses.ts';

/*
 * What a deployment ships (package.json, package-lock.json, the client's dist/ when built, and
 * dist-server/ built here) in a directory of its own, installed with `npm ci --omit=dev`: the
 * compiled migration command migrates, the compiled server starts with node alone (no tsx, no
 * Vite, no dev dependency), answers health, readiness and a brand, and stops cleanly on SIGTERM.
 * On the PostgreSQL of TEST_DATABASE_URL when set, else on an embedded DATA_DIR.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const deployment = mkdtempSync(join(tmpdir(), 'klubb-deployment-'));
const serverUrl = process.env.TEST_DATABASE_URL;
let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | undefined;
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(deployment, { recursive: true, force: true });
  await database?.drop();
});

/** Runs a command to its end; its output is kept for the assertion message. */
function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (d) => (output += String(d)));
    child.stderr!.on('data', (d) => (output += String(d)));
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function databaseEnv(): Promise<Record<string, string>> {
  if (!serverUrl) return { DATA_DIR: join(deployment, 'data') };
  database = await createEmptyPostgresDatabase(serverUrl);
  return { DATABASE_URL: database.url };
}

// It takes two minutes (a real `npm ci --omit=dev`): CI runs it once, in the PostgreSQL pass, as production runs.
describe.runIf(process.env.TEST_DATABASE_URL)('the compiled production start', () => {
  it('installs with npm ci --omit=dev, migrates with its own command, and serves with node alone', async () => {
    const started = Date.now();
    const built = await run(process.execPath, ['--import', 'tsx', 'scripts/buildServer.ts', join(deployment, 'dist-server')], { cwd: root, env: process.env });
    expect(built.code, built.output).toBe(0);
    for (const file of ['package.json', 'package-lock.json']) cpSync(join(root, file), join(deployment, file));
    const withClient = existsSync(join(root, 'dist', 'index.html'));
    if (withClient) cpSync(join(root, 'dist'), join(deployment, 'dist'), { recursive: true });
    const installed = await run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: deployment, env: process.env });
    expect(installed.code, installed.output).toBe(0);
    // Dev dependencies are not there to lean on.
    for (const devOnly of ['vitest', '@playwright/test', 'drizzle-kit', 'jsdom']) expect(existsSync(join(deployment, 'node_modules', devOnly)), devOnly).toBe(false);
    const installedAt = Date.now();

    // Only the deployment's own variables: nothing of the test runner's (NODE_OPTIONS, loaders) reaches it.
    const env: Record<string, string | undefined> = { PATH: process.env.PATH, HOME: deployment, ...(await databaseEnv()), LOG_LEVEL: 'warn', SEED_DEMO: 'false', MIGRATE_ON_START: 'false' };
    const migrated = await run(process.execPath, ['dist-server/scripts/dbMigrate.js'], { cwd: deployment, env });
    expect(migrated.code, migrated.output).toBe(0);
    expect(migrated.output).toMatch(/Applied \d+ migration\(s\)/);
    const again = await run(process.execPath, ['dist-server/scripts/dbMigrate.js'], { cwd: deployment, env });
    expect(again.output).toContain('is up to date');
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? 'unused', migrate: false });
    await makeBrand(database.db, 'aurora', ['aurora.localhost']);
    await database.close();

    const startedServer = performance.now();
    // PORT=0: it listens where the system lets it and tells us over the IPC channel.
    const server = spawn(process.execPath, ['dist-server/server/index.js'], { cwd: deployment, env: { ...env, PORT: '0', HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    children.push(server);
    let log = '';
    server.stdout!.on('data', (d) => (log += String(d)));
    server.stderr!.on('data', (d) => (log += String(d)));
    const port = await listeningPort(server).catch((error: Error) => {
      throw new Error(`the compiled server did not start: ${error.message}\n${log}`);
    });
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/v1/health`)).status).toBe(200);
    const upMs = Math.round(performance.now() - startedServer);

    expect((await fetch(`${base}/v1/ready`)).status).toBe(200);
    const brand = await fetch(`${base}/v1/get/brand?appUrl=${encodeURIComponent('http://aurora.localhost:8080/')}`);
    expect(brand.status).toBe(200);
    expect(await brand.json()).toMatchObject({ id: 'aurora' });
    if (withClient) {
      const page = await fetch(`${base}/`, { headers: { host: 'aurora.localhost' } });
      expect({ status: page.status, type: page.headers.get('content-type') }).toMatchObject({ status: 200, type: expect.stringContaining('text/html') });
    }

    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited, log).toBe(0);
    console.log(
      `production start (${serverUrl ? 'PostgreSQL' : 'embedded'}${withClient ? ', with the client' : ', API only: no dist/ built'}): ` +
        `build and npm ci ${Math.round((installedAt - started) / 1000)} s; up on a migrated database in ${upMs} ms`,
    );
  }, 600_000);
});
