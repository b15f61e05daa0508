import { get as httpGet } from 'node:http';
import { loadEndpoint, loadSettings, probe, signInForIdToken, type Endpoint, type LoadResult } from './apiLoad.ts';
import { distChunks, loadChunksInBrowser, totalGzip, type Chunk } from './bundleSize.ts';
import { heading, kB, printTable } from './format.ts';
import { coldLoads, measurePageLoads, median, pageLoadDevice, throttling, type PageLoad } from './pageLoad.ts';
import { benchOfferQueries } from './offerQueries.ts';
import { benchAnalyticsIngest, eventsPerBeacon } from './analyticsIngest.ts';
import { readOptions } from './options.ts';
import { createBenchDatabase } from './postgres.ts';
import { benchStartTime } from './startTime.ts';
import { benchScale } from './scale.ts';
import { benchClaims, claimSettings } from './promoClaims.ts';
import { benchRush } from './rush.ts';
import { lcpPhases, lighthouseRuns, medianRun, runLighthouse } from './lighthouse.ts';
import { startServer, type RunningServer } from './server.ts';
import { deviceName, measuredTaps, measureTabSwitches, percentile, tabCycle, warmupTaps, type TapTiming } from './tabSwitch.ts';

const demo = { email: 'member@aurora.test', password: 'Password1', tenantId: 'aurora-tenant' };
const firstLoadBudgetBytes = 130_000;
/** Issue 26's goals for signed-out `/` under Lighthouse's mobile throttling. */
const pageLoadGoals = { lcpMs: 1500, cls: 0.02, tbtMs: 100 };
const brandHosts = ['aurora.localhost', 'borealis.localhost'];
const minOfferToHealthRatio = 0.5;
/** Unique-code claims at 50 connections on PostgreSQL, every cap still exact. */
const claimP99GoalMs = 100;

/** A script's invoker, short: a chunk's file name without its hash, or the callback's kind. */
const invokerName = (invoker: string) => invoker.replace(/^https?:\/\/[^/]+\/assets\/([^-]+)-[^.]+\.js$/, '$1.js');

/** One line per blocking frame of the load whose TBT is the median. */
function describeBlocking(host: string, loads: PageLoad[]): string {
  const byTbt = [...loads].sort((a, b) => (a.tbtMs ?? 0) - (b.tbtMs ?? 0));
  const load = byTbt[Math.floor((byTbt.length - 1) / 2)];
  if (!load || load.blockingFrames.length === 0) return `  ${host}: none`;
  const frames = load.blockingFrames.map((frame) => {
    const scripts = frame.scripts.map((s) => `${invokerName(s.invoker)} ${Math.round(s.durationMs)}`).join(', ');
    return `    at ${Math.round(frame.atMs)} ms: ${Math.round(frame.blockingMs)} of ${Math.round(frame.durationMs)} (render ${Math.round(frame.renderMs)}; ${scripts || 'no script'})`;
  });
  return [`  ${host} (TBT ${load.tbtMs} ms):`, ...frames].join('\n');
}

const ms = (value: number) => (value < 1 ? '<1' : String(value));

function chunkRows(chunks: Chunk[]): string[][] {
  return chunks.map((c) => [c.name, kB(c.raw), kB(c.gzip)]);
}

function printChunks(chunks: Chunk[]) {
  const rows = chunkRows([...chunks].sort((a, b) => b.gzip - a.gzip));
  rows.push(['total', kB(chunks.reduce((s, c) => s + c.raw, 0)), kB(totalGzip(chunks))]);
  printTable(['chunk', ' raw kB', ' gzip kB'], rows);
}

async function benchBundle(origin: string) {
  heading('Client bundle (gzip level 9, 1 kB = 1000 bytes)');
  const loaded = await loadChunksInBrowser(origin, demo.email, demo.password);

  console.log("\nFirst load: JS downloaded until signed-out / shows its first screen (the visitor's feed) and the network is idle");
  printChunks(loaded.firstLoad);
  const total = totalGzip(loaded.firstLoad);
  const ratio = total / firstLoadBudgetBytes;
  console.log(
    `\nFirst-load JS: ${kB(total)} kB gzip of a ${kB(firstLoadBudgetBytes)} kB budget = ${ratio.toFixed(2)} -> ${ratio <= 1 ? 'PASS' : 'OVER'}`,
  );

  console.log('\nSigned in: additional JS downloaded until the offer feed shows and the network is idle');
  if (loaded.signedIn.length === 0) console.log('(none)');
  else printChunks(loaded.signedIn);
  console.log('\nOffer page with rich text: additional JS downloaded after the feed');
  if (loaded.offerPage.length === 0) console.log('(none)');
  else printChunks(loaded.offerPage);
  const slate = totalGzip(loaded.offerPage.filter((c) => c.name.startsWith('RichText')));
  const offerRoute = totalGzip(loaded.offerPage);
  console.log(
    `Offer route JS: ${kB(offerRoute)} kB gzip with Slate, ${kB(offerRoute - slate)} kB without it (Slate chunk ${kB(slate)} kB, loaded only here)`,
  );
  if (loaded.blocked.length > 0) console.log(`\nBlocked ${loaded.blocked.length} non-loopback requests: ${loaded.blocked.join(', ')}`);

  console.log('\nAll chunks in dist/assets');
  const firstLoadNames = new Set(loaded.firstLoad.map((c) => c.name));
  const signedInNames = new Set(loaded.signedIn.map((c) => c.name));
  const offerPageNames = new Set(loaded.offerPage.map((c) => c.name));
  const loadedWhen = (name: string) =>
    firstLoadNames.has(name) ? 'first load' : signedInNames.has(name) ? 'signed in' : offerPageNames.has(name) ? 'offer page' : 'later/never';
  printTable(
    ['chunk', ' raw kB', ' gzip kB', 'loaded'],
    (await distChunks()).map((c) => [...chunkRows([c])[0]!, loadedWhen(c.name)]),
  );
}

const ratioTo = (value: number, goal: number) => (Number.isFinite(value) ? (value / goal).toFixed(2) : '-');

async function benchPageLoad(port: number) {
  heading('Page load: signed-out / (Chromium, throttled like Lighthouse mobile)');
  const { latencyMs, downloadKbps, uploadKbps, cpuSlowdown } = throttling;
  console.log(`${pageLoadDevice} viewport; CDP network ${latencyMs} ms latency, ${downloadKbps} kbps down, ${uploadKbps} kbps up; CPU ${cpuSlowdown}x slower.`);
  console.log(`Median of ${coldLoads} cold loads per brand (fresh browser, empty cache and storage) after one unmeasured load.`);
  console.log('JS before FCP = scripts whose response ended before the first contentful paint (wire bytes, and gzip -9 as the bundle section counts).\n');
  const gzipOf = new Map((await distChunks()).map((c) => [c.name, c.gzip]));
  const rows: string[][] = [];
  const blocking: string[] = [];
  let clean = true;
  for (const host of brandHosts) {
    const loads = await measurePageLoads(host, port);
    blocking.push(describeBlocking(host, loads));
    const values = (pick: (load: PageLoad) => number | null) => loads.map(pick).filter((v): v is number => v !== null);
    const wire = (load: PageLoad) => load.scriptsBeforeFcp.reduce((sum, s) => sum + s.transferBytes, 0);
    const gzip = (load: PageLoad) => load.scriptsBeforeFcp.reduce((sum, s) => sum + (gzipOf.get(s.name) ?? s.transferBytes), 0);
    const fcp = median(values((l) => l.fcpMs));
    const lcp = median(values((l) => l.lcpMs));
    const cls = median(values((l) => l.cls));
    const tbt = median(values((l) => l.tbtMs));
    const jsGzip = median(loads.map(gzip));
    const screens = [...new Set(loads.map((l) => l.screen))].join('/');
    rows.push([
      host, screens, msStat(fcp), msStat(lcp), ratioTo(lcp, pageLoadGoals.lcpMs), cls.toFixed(3), ratioTo(cls, pageLoadGoals.cls),
      msStat(tbt), ratioTo(tbt, pageLoadGoals.tbtMs), kB(median(loads.map(wire))), kB(jsGzip), ratioTo(jsGzip, firstLoadBudgetBytes),
    ]);
    const external = [...new Set(loads.flatMap((l) => l.external))];
    if (external.length > 0) {
      console.log(`!!! ${host}: requests left this machine: ${external.join(', ')}`);
      clean = false;
    }
    if (loads.some((l) => l.fcpMs === null || l.lcpMs === null)) console.log(`!!! ${host}: a load reported no FCP or LCP`);
  }
  printTable(
    ['host', 'screen', ' FCP ms', ' LCP ms', ' LCP/goal', ' CLS', ' CLS/goal', ' TBT ms', ' TBT/goal', ' JS<FCP wire kB', ' JS<FCP gzip kB', ' JS/goal'],
    rows,
  );
  console.log(`Goals: LCP ${pageLoadGoals.lcpMs} ms, CLS ${pageLoadGoals.cls}, TBT ${pageLoadGoals.tbtMs} ms, first-load JS ${kB(firstLoadBudgetBytes)} kB gzip (a ratio above 1.00 is over the goal).`);
  console.log(`\nWhere the blocking time went (the load with the median TBT; long animation frames after FCP: ms blocking of ms, then style/layout/paint and the scripts that ran):\n${blocking.join('\n')}`);
  return clean;
}

const msStat = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

function tapRow(label: string, taps: TapTiming[]): string[] {
  const paint = taps.map((t) => t.paintMs);
  const shown = taps.map((t) => t.shownMs);
  return [
    label, String(taps.length),
    msStat(percentile(paint, 0.5)), msStat(percentile(paint, 0.9)), msStat(Math.max(...paint)),
    msStat(percentile(shown, 0.5)), msStat(Math.max(...shown)),
  ];
}

async function benchTabSwitch(origin: string) {
  heading('Navigation: tab tap to first paint');
  console.log(`Chromium, ${deviceName} viewport, signed in; tabs tapped in turn: ${tabCycle.join(' -> ')} -> ...`);
  console.log(`${warmupTaps} warm-up taps, ${measuredTaps} measured. Timed in the page from link.click() to the second`);
  console.log('requestAnimationFrame after the tab\'s <section data-path> is visible (= the frame showing it was painted).');
  const result = await measureTabSwitches(origin, demo.email, demo.password);
  if (result.missingTabs.length > 0) console.log(`\n!!! The tab bar has no link to ${result.missingTabs.join(', ')}; left out.`);
  for (const failure of result.failures) console.log(`!!! ${failure}`);
  console.log(`\nIdle frame interval (requestAnimationFrame): ${result.frameMs.toFixed(1)} ms\n`);
  const targets = [...new Set(tabCycle)].filter((target) => result.taps.some((t) => t.target === target));
  const rows = targets.map((target) => tapRow(target, result.taps.filter((t) => t.target === target)));
  if (result.taps.length > 0) rows.push(tapRow('all', result.taps));
  printTable(['tab', ' taps', ' median ms', ' p90 ms', ' max ms', ' shown median ms', ' shown max ms'], rows);
  console.log('(shown = click until the section is visible in the DOM, before paint)');

  const { signIn, warmup, measured } = result.scripts;
  const describe = (chunks: Chunk[]) =>
    chunks.length === 0 ? '0.0 kB (none)' : `${kB(totalGzip(chunks))} kB in ${chunks.length} file(s): ${chunks.map((c) => c.name).join(', ')}`;
  console.log(`\nJS downloaded (gzip), sign-in until the offer feed: ${kB(totalGzip(signIn))} kB in ${signIn.length} file(s)`);
  console.log(`JS downloaded (gzip) by the ${warmupTaps} warm-up taps (first visits): ${describe(warmup)}`);
  console.log(`JS downloaded (gzip) by the ${measuredTaps} measured taps: ${describe(measured)}`);
  console.log(measured.length === 0 ? '  -> nothing new loads on revisiting tabs' : '  !!! tab switches after the first visit still download JS');
  const other = Object.entries(result.otherRequests);
  console.log(`Other requests during the measured taps: ${other.length === 0 ? 'none' : other.map(([type, n]) => `${n} ${type}`).join(', ')}`);
}

async function benchApi(origin: string) {
  const { connections, warmupSeconds, durationSeconds } = loadSettings;
  heading(`API load (autocannon: ${connections} connections, ${warmupSeconds} s warm-up, ${durationSeconds} s measured)`);
  const idToken = await signInForIdToken(origin, demo.email, demo.password, demo.tenantId);
  const member = { Authorization: `Bearer ${idToken}`, 'X-App-Url': origin };
  const endpoints: Endpoint[] = [
    { label: 'health (trivial)', path: '/v1/health' },
    { label: 'offer list', path: '/v1/get_list/offer?offset=0', headers: member },
    { label: 'offer list, live, p5', path: '/v1/get_list/offer?offset=120&type=live', headers: member },
  ];

  const results: LoadResult[] = [];
  let etag: string | null = null;
  for (const endpoint of endpoints) {
    const first = await probe(origin, endpoint);
    console.log(`probe ${endpoint.path}: HTTP ${first.status}, ${first.summary}`);
    if (endpoint.label === 'offer list') etag = first.etag;
    results.push(await loadEndpoint(origin, endpoint));
  }
  // A client that kept the first page asks again with its ETag: 304, no body.
  const revalidated: Endpoint = { label: 'offer list, If-None-Match', path: endpoints[1]!.path, headers: { ...member, 'If-None-Match': etag ?? '"none"' }, status: 304 };
  console.log(`probe ${revalidated.path} with If-None-Match: HTTP ${(await probe(origin, revalidated)).status}`);
  results.push(await loadEndpoint(origin, revalidated));

  console.log('');
  printTable(
    ['endpoint', 'path', ' req/s', ' p50 ms', ' p99 ms', ' requests', ' status', ' other status', ' errors'],
    results.map((r) => [
      r.endpoint.label, r.endpoint.path, r.rps.toFixed(0), ms(r.p50), ms(r.p99),
      String(r.requests), String(r.endpoint.status ?? 200), String(r.non2xx), String(r.errors),
    ]),
  );

  const failed = results.filter((r) => r.non2xx > 0 || r.errors > 0);
  for (const r of failed) {
    console.log(`\n!!! ERRORS on ${r.endpoint.label}: ${r.non2xx} other than ${r.endpoint.status ?? 200}, ${r.errors} errors/timeouts; status codes ${JSON.stringify(r.statusCodes)}`);
  }
  if (failed.length > 0) console.log('!!! These numbers include failed requests and do not measure the real endpoint.');

  const [health, ...offerLists] = results;
  console.log(`\nTarget: offer-list req/s at least ${(minOfferToHealthRatio * 100).toFixed(0)}% of the trivial endpoint's`);
  for (const r of offerLists) {
    const ratio = r.rps / health!.rps;
    const verdict = ratio >= minOfferToHealthRatio ? 'PASS' : 'BELOW';
    console.log(`  ${r.endpoint.label}: ${r.rps.toFixed(0)} / ${health!.rps.toFixed(0)} = ${ratio.toFixed(2)} -> ${verdict}`);
  }
  return failed.length === 0;
}

async function benchPromoClaims(server: RunningServer, databaseKind: string) {
  const { connections, members, codes, warmupSeconds, durationSeconds, offerId, checkoutVariant } = claimSettings;
  heading(`Promo code claims and checkout opens on ${databaseKind} (autocannon: ${connections} connections, ${warmupSeconds} s warm-up, ${durationSeconds} s measured)`);
  console.log(`${codes} unique codes on ${offerId}, cap 1000; ${members} members signed up through the API, one to each connection.`);
  console.log(`Checkouts: each member's cart holds one ${checkoutVariant.itemVariantId}; each open ends the member's previous checkout.`);
  const [health, claims, checkouts] = await benchClaims(server);
  printTable(
    ['endpoint', ' req/s', ' p50 ms', ' p99 ms', ' requests', ' status codes'],
    [health!, claims!, checkouts!].map((r) => [r.label, r.rps.toFixed(0), ms(r.p50), ms(r.p99), String(r.requests), JSON.stringify(r.statusCodes)]),
  );
  for (const r of [claims!, checkouts!]) {
    console.log(`${r.label}: ${r.rps.toFixed(0)}/s = ${(r.rps / health!.rps).toFixed(2)} of the trivial endpoint's at ${connections} connections, p99 ${ms(r.p99)} ms`);
  }
  if (databaseKind === 'PostgreSQL') console.log(`Target: claim p99 at most ${claimP99GoalMs} ms: ${ms(claims!.p99)} / ${claimP99GoalMs} = ${(claims!.p99 / claimP99GoalMs).toFixed(2)}`);
  const refused = [claims!, checkouts!].flatMap((r) => Object.entries(r.statusCodes).filter(([code]) => code !== '200').map(([code, n]) => `${r.label} ${code}: ${n}`));
  if (refused.length > 0) {
    console.log(`!!! Some requests were refused (${refused.join(', ')}): codes, caps, stock or limits ran out; the rates include them.`);
    return false;
  }
  return true;
}

async function benchAnalytics(server: RunningServer) {
  const { connections, warmupSeconds, durationSeconds } = loadSettings;
  heading(`Analytics ingest (autocannon: ${connections} connections, ${warmupSeconds} s warm-up, ${durationSeconds} s measured)`);
  console.log(`Beacons of ${eventsPerBeacon} visitor events (base64 text/plain), from many client addresses (X-Forwarded-For), each under its per-minute limit:`);
  console.log("to a brand of the bench's own whose ceiling is not reached (stored), and to Aurora at the default 3,000 events a minute (nearly all dropped and counted).");
  const [health, stored, dropped] = await benchAnalyticsIngest(server);
  printTable(
    ['endpoint', ' req/s', ' events/s', ' p50 ms', ' p99 ms', ' requests', ' status codes'],
    [health!, stored!, dropped!].map((r) => [
      r.label, r.rps.toFixed(0), r === health ? '-' : (r.rps * eventsPerBeacon).toFixed(0), ms(r.p50), ms(r.p99), String(r.requests), JSON.stringify(r.statusCodes),
    ]),
  );
  for (const r of [stored!, dropped!]) console.log(`${r.label}: ${r.rps.toFixed(0)} / ${health!.rps.toFixed(0)} = ${(r.rps / health!.rps).toFixed(2)} of the trivial endpoint's req/s`);
  const refused = [stored!, dropped!].flatMap((r) => Object.entries(r.statusCodes).filter(([code]) => code !== '200'));
  if (refused.length > 0) console.log(`!!! Some beacons were refused (${refused.map(([code, n]) => `${code}: ${n}`).join(', ')}); the rates include them.`);
  return refused.length === 0;
}

/** GET / as the brand's host asks for it (Node does not resolve *.localhost itself). */
function warmPage(host: string, port: number) {
  return new Promise<void>((resolve, reject) => {
    const request = httpGet({ host: '127.0.0.1', port, path: '/', headers: { Host: `${host}:${port}` } }, (response) => {
      response.resume();
      response.once('end', () => resolve());
    });
    request.once('error', reject);
  });
}

/** Issue 41's goals for signed-out `/` as Lighthouse itself scores it (mobile preset, simulated throttling). */
const lighthouseGoals = { lcpMs: 1500, performance: 95 };

async function benchLighthouse(clientDir: string | undefined) {
  heading('Lighthouse: signed-out / (mobile preset, simulated throttling)');
  console.log(`Lighthouse's own mobile run (Moto G Power screen, slow 4G and a 4x slower CPU, simulated) in Debian's Chromium, headless, loopback only;`);
  console.log(`median of ${lighthouseRuns} runs per brand, each in a fresh browser, on a fresh server (embedded database, demo seed).\n`);
  const server = await startServer(undefined, { env: clientDir ? { CLIENT_DIR: clientDir } : {} });
  try {
    const rows: string[][] = [];
    const details: string[] = [];
    let clean = true;
    for (const host of brandHosts) {
      const url = `http://${host}:${server.port}/`;
      // One unmeasured load, so the server has rendered the brand's page and read its files once.
      await warmPage(host, server.port);
      const runs = await runLighthouse(url);
      const m = medianRun(runs);
      rows.push([
        host, String(m.performance), msStat(m.lcpMs), ratioTo(m.lcpMs, lighthouseGoals.lcpMs), msStat(m.fcpMs), msStat(m.ttfbMs), msStat(m.tbtMs),
        ...lcpPhases.map((phase) => msStat(m.lcpPhases[phase])),
      ]);
      const elements = [...new Set(runs.map((r) => r.lcpElement))].join(' | ');
      const images = [...new Set(runs.map((r) => r.lcpImage ?? '(not an image)'))].join(', ');
      details.push(`  ${host}: scores ${runs.map((r) => r.performance).join(', ')}; LCP ${runs.map((r) => Math.round(r.lcpMs)).join(', ')} ms; element ${elements}; image ${images}`);
      const external = [...new Set(runs.flatMap((r) => r.external))];
      if (external.length > 0) {
        console.log(`!!! ${host}: requests left this machine: ${external.join(', ')}`);
        clean = false;
      }
    }
    printTable(
      ['host', ' score', ' LCP ms', ' LCP/goal', ' FCP ms', ' TTFB ms', ' TBT ms', ...lcpPhases.map((phase) => ` LCP ${phase.toLowerCase()}`)],
      rows,
    );
    console.log(`Goals: performance at least ${lighthouseGoals.performance}, LCP at most ${lighthouseGoals.lcpMs} ms (a ratio above 1.00 is over the goal).`);
    console.log("TTFB: the document's server response time as observed; the LCP phases are Lighthouse's simulated breakdown of the LCP element.");
    console.log(`\nEach run:\n${details.join('\n')}`);
    return clean;
  } finally {
    await server.stop();
  }
}

async function benchPromoClaimsOnPostgres(serverUrl: string) {
  const database = await createBenchDatabase(serverUrl);
  try {
    const server = await startServer(database.url);
    try {
      return await benchPromoClaims(server, 'PostgreSQL');
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

async function onBenchDatabase(serverUrl: string, section: (url: string) => Promise<boolean>) {
  const database = await createBenchDatabase(serverUrl);
  try {
    return await section(database.url);
  } finally {
    await database.drop();
  }
}

async function main() {
  const options = readOptions(process.argv.slice(2), process.env);
  const wants = (section: Parameters<typeof options.run.has>[0]) => options.run.has(section);
  const guarded = async (label: string, section: () => Promise<boolean | void>) => {
    try {
      if ((await section()) === false) process.exitCode = 1;
    } catch (error) {
      console.log(`\n!!! ${label} section failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    }
  };
  if (wants('bundle') || wants('pageload') || wants('tabs') || wants('api') || wants('claims') || wants('analytics')) {
    console.log('Starting server (fresh embedded database, demo seed)...');
    const server = await startServer(undefined, { env: options.clientDir ? { CLIENT_DIR: options.clientDir } : {} });
    const stopAndExit = () => void server.stop().finally(() => process.exit(130));
    process.once('SIGINT', stopAndExit);
    process.once('SIGTERM', stopAndExit);
    try {
      console.log(`Server at ${server.origin}`);
      if (wants('bundle')) await benchBundle(server.origin);
      if (wants('pageload')) await guarded('page-load', () => benchPageLoad(server.port));
      if (wants('tabs')) await guarded('tab-switch', () => benchTabSwitch(server.origin));
      if (wants('api') && !(await benchApi(server.origin))) process.exitCode = 1;
      if (wants('claims')) await guarded('promo-claim', () => benchPromoClaims(server, 'PGlite'));
      if (wants('analytics')) await guarded('analytics', () => benchAnalytics(server));
    } finally {
      await server.stop();
      process.removeListener('SIGINT', stopAndExit);
      process.removeListener('SIGTERM', stopAndExit);
    }
  }
  // Each after the server before has stopped, so the databases do not compete for the CPU.
  if (wants('claims')) {
    if (options.postgresUrl) await guarded('promo-claim (PostgreSQL)', () => benchPromoClaimsOnPostgres(options.postgresUrl!));
    else console.log('\n(Claims and checkout opens on PostgreSQL: pass --postgres postgres://… or BENCH_DATABASE_URL.)');
  }
  if (wants('rush')) {
    // BENCH_RUSH_POSTGRES_ONLY=1 with --postgres: skip the embedded database (a quicker loop).
    if (!(process.env.BENCH_RUSH_POSTGRES_ONLY && options.postgresUrl)) await guarded('rush (PGlite)', () => benchRush('PGlite'));
    if (options.postgresUrl) await guarded('rush (PostgreSQL)', () => onBenchDatabase(options.postgresUrl!, (url) => benchRush('PostgreSQL', url)));
    else console.log('\n(The rush on PostgreSQL: pass --postgres postgres://… or BENCH_DATABASE_URL.)');
  }
  if (wants('lighthouse')) await guarded('lighthouse', () => benchLighthouse(options.clientDir));
  if (wants('queries')) await guarded('offer-query', benchOfferQueries);
  if (wants('scale')) await guarded('scale-out', () => benchScale(options.postgresUrl));
  if (wants('start')) await guarded('production start', () => benchStartTime(options.postgresUrl));
}

main().catch((error: unknown) => {
  console.error('bench failed:', error);
  process.exitCode = 1;
});
