import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { e2eServerEnv } from '../playwright.config.ts';
import { e2eClientDir } from '../e2e/deployedBuild.ts';
import type { Answer } from './answers.ts';

/**
 * The Firefox run's own server, as playwright.config.ts starts one per Chromium worker: a fresh
 * embedded database under .data/ that the demo seed fills, serving its own copy of the build, with
 * the e2e server's settings. Its log (JSON lines, as its output is piped) is read for every answer
 * of 400 or more, so a request the browser no longer reports (a beacon as a page goes) still counts.
 */
export class E2eServer {
  /** The server's 4xx and 5xx answers so far, in the order it logged them. */
  readonly errors: Answer[] = [];
  private readonly requests = new Map<string, { method: string; url: string; host: string }>();
  private readonly completed = new Set<string>();
  private readonly waiters: (() => boolean)[] = [];
  private exited: Promise<number | null>;
  private marks = 0;

  private constructor(
    readonly port: number,
    private readonly child: ChildProcess,
  ) {
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    createInterface({ input: child.stdout! }).on('line', (line) => this.read(line));
  }

  /** Copies the build (`buildDir`) to the server's own directory and starts it on `port`, fresh. */
  static start(port: number, buildDir: string): E2eServer {
    const clientDir = e2eClientDir(port);
    const dataDir = `.data/e2e-${port}`;
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(clientDir, { recursive: true, force: true });
    mkdirSync('.data', { recursive: true });
    cpSync(buildDir, clientDir, { recursive: true });
    // Node with tsx's loader, not the tsx command (which runs the server in a child of its own): the stop reaches the server.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      stdio: ['ignore', 'pipe', 'inherit'],
      // Info: each request's line and its answer's, which the run reads.
      env: { ...process.env, PORT: String(port), CLIENT_DIR: clientDir, DATA_DIR: dataDir, ...e2eServerEnv, LOG_LEVEL: 'info' },
    });
    return new E2eServer(port, child);
  }

  get origin() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Waits for GET /v1/health to answer (the database migrated and seeded), or the server to exit. */
  async ready(timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    let exited: number | null | undefined;
    void this.exited.then((code) => (exited = code));
    for (;;) {
      if (exited !== undefined) throw new Error(`the server exited (code ${exited}) before /v1/health answered`);
      const ok = await fetch(`${this.origin}/v1/health`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`/v1/health did not answer within ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /**
   * Returns once every answer the server sent before now is in `errors`: a request of the run's own,
   * with an id of its own, is logged after them (one process, one ordered log).
   */
  async sync() {
    const id = `firefox-run-mark-${++this.marks}`;
    const logged = new Promise<void>((resolve) =>
      this.waiters.push(() => {
        if (!this.completed.has(id)) return false;
        resolve();
        return true;
      }),
    );
    const answer = await fetch(`${this.origin}/v1/health`, { headers: { 'x-request-id': id } });
    if (!answer.ok) throw new Error(`/v1/health answered ${answer.status}`);
    await withTimeout(logged, 10_000, `the server's log did not show request ${id}`);
  }

  /** SIGTERM (the server finishes what is in flight), SIGKILL if it has not exited within 15 s. */
  async stop() {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const killed = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await this.exited;
    clearTimeout(killed);
  }

  private read(line: string) {
    let entry: { reqId?: string; msg?: string; req?: { method: string; url: string; host: string }; res?: { statusCode: number } };
    try {
      entry = JSON.parse(line);
    } catch {
      // Not a log line (a seed's banner): shown as is.
      console.log(`[server] ${line}`);
      return;
    }
    if (!entry.reqId) return;
    if (entry.msg === 'incoming request' && entry.req) this.requests.set(entry.reqId, entry.req);
    if (entry.msg === 'request completed' && entry.res) {
      const request = this.requests.get(entry.reqId);
      this.requests.delete(entry.reqId);
      if (entry.reqId.startsWith('firefox-run-mark-')) this.completed.add(entry.reqId);
      if (entry.res.statusCode >= 400) {
        this.errors.push({
          method: request?.method ?? '?',
          url: request ? `http://${request.host}:${this.port}${request.url}` : `(request ${entry.reqId})`,
          status: entry.res.statusCode,
          seenBy: 'server',
        });
      }
      for (let i = this.waiters.length - 1; i >= 0; i--) if (this.waiters[i]!()) this.waiters.splice(i, 1);
    }
  }
}

/** Whether a build is in `dir` (its index.html). */
export const hasBuild = (dir: string) => existsSync(`${dir}/index.html`);

export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]);
}
