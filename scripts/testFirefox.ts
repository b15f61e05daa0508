import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Browser } from 'puppeteer-core';
import { describeAnswer, unexpectedAnswers } from '../e2e-firefox/answers.ts';
import { firefoxPath, launchFirefox } from '../e2e-firefox/firefox.ts';
import type { Flow, FlowContext } from '../e2e-firefox/flow.ts';
import { paidLoop } from '../e2e-firefox/paidLoop.ts';
import { E2eServer, hasBuild, withTimeout } from '../e2e-firefox/server.ts';
import { visitorsBrowse } from '../e2e-firefox/visitors.ts';

/*
 * `npm run test:firefox`: the paid loop and the visitor's browse in Debian's Firefox ESR, driven
 * over WebDriver BiDi (e2e-firefox/). It serves the build `npm test` made in dist (E2E_BUILD_DIR:
 * another; built here as npm test builds it when missing) from a server of its own on port 8191
 * (FIREFOX_E2E_PORT), fresh data under .data/, and fails a flow that got any HTTP 4xx/5xx answer
 * not in e2e-firefox/answers.ts, as the browser or the server's log saw it. It ends with
 * `N passed, N failed` and exits non-zero on any failure.
 */

const port = Number(process.env.FIREFOX_E2E_PORT ?? 8191);
const buildDir = process.env.E2E_BUILD_DIR ?? 'dist';
const flows: Flow[] = [paidLoop, visitorsBrowse];
/** Where a failed flow's pages are pictured (test-results/ is Playwright's, ignored by git). */
const screenshotDir = 'test-results/firefox';
/** One flow's limit: it waits for conditions, each within seconds; this only stops a hung one. */
const flowTimeoutMs = 90_000;

const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

if (!existsSync(firefoxPath)) {
  console.error(`No Firefox at ${firefoxPath}: apt-get install -y firefox-esr (or set FIREFOX_PATH).`);
  process.exit(1);
}
if (!hasBuild(buildDir)) {
  console.log(`No build in ${buildDir}: building it as npm test does.`);
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', buildDir, '--emptyOutDir'], {
    stdio: 'inherit',
    env: { ...process.env, VITE_CONTAINER_SERVICE_URL: 'http://127.0.0.1:3100' },
  });
  if (built.status !== 0 || !hasBuild(buildDir)) {
    console.error('The build failed.');
    process.exit(1);
  }
}
if (!(await portIsFree(port))) {
  console.error(`Port ${port} is taken: another run's server? (FIREFOX_E2E_PORT picks another.)`);
  process.exit(1);
}

const server = E2eServer.start(port, buildDir);
let browser: Browser | undefined;
// Stopped from outside (Ctrl-C, a CI timeout): Firefox and the server go too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`\n${signal}: stopping Firefox and the server`);
    void Promise.allSettled([browser?.close(), server.stop()]).then(() => process.exit(1));
  });
}
let passed = 0;
let failed = 0;
try {
  await server.ready(120_000);
  console.log(`server on port ${port} ready after ${seconds()}`);
  browser = await launchFirefox();
  console.log(`${await browser.version()} (WebDriver BiDi) started after ${seconds()}`);
  for (const flow of flows) {
    const flowStarted = performance.now();
    const context: FlowContext = { browser, port, answers: [], pages: [], console: [] };
    const serverErrorsBefore = server.errors.length;
    let failure: unknown;
    try {
      await withTimeout(flow.run(context), flowTimeoutMs, `the flow did not finish within ${flowTimeoutMs / 1000} s`);
    } catch (error) {
      failure = error;
    }
    // Every answer the server gave meanwhile is in its log, the beacons of a page that went too.
    await server.sync();
    const unexpected = unexpectedAnswers([...context.answers, ...server.errors.slice(serverErrorsBefore)], flow.expected);
    const took = `${((performance.now() - flowStarted) / 1000).toFixed(1)} s`;
    if (failure === undefined && unexpected.length === 0) {
      passed++;
      console.log(`  ✓ ${flow.name} (${took})`);
      for (const e of flow.expected) console.log(indent(`expected: ${e.method} ${e.path.source} ${e.status}, ${e.why}`));
      continue;
    }
    failed++;
    console.log(`  ✘ ${flow.name} (${took})`);
    if (failure !== undefined) console.log(indent(describeError(failure)));
    for (const answer of unexpected) console.log(indent(`unexpected: ${describeAnswer(answer)}`));
    if (failure !== undefined) await showFailure(flows.indexOf(flow) + 1, context);
  }
} catch (error) {
  failed++;
  console.log(`  ✘ the run could not go on: ${describeError(error)}`);
} finally {
  await browser?.close().catch((error: unknown) => console.error('Firefox did not close:', error));
  await server.stop();
}
console.log(`\nFirefox run took ${seconds()}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed !== flows.length ? 1 : 0);

/** Where the failed flow's pages were: their addresses, screenshots in test-results/firefox/, the consoles' last words. */
async function showFailure(n: number, context: FlowContext) {
  mkdirSync(screenshotDir, { recursive: true });
  for (const [i, page] of context.pages.entries()) {
    if (page.isClosed()) continue;
    const path = `${screenshotDir}/flow-${n}-page-${i + 1}.png`;
    const shot = await withTimeout(page.screenshot({ path }), 10_000, 'screenshot').then(
      () => `, screenshot ${path}`,
      () => '',
    );
    console.log(indent(`page ${i + 1} at ${page.url()}${shot}`));
  }
  for (const line of context.console.slice(-10)) console.log(indent(`console ${line}`));
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `\n(${error.cause.message})` : '';
  return `${error.message}${cause}\n${(error.stack ?? '').split('\n').slice(1, 6).join('\n')}`;
}

function indent(text: string) {
  return text.replace(/^/gm, '      ');
}

function portIsFree(p: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .once('listening', () => probe.close(() => resolve(true)))
      .listen(p);
  });
}
