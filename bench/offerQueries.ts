import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type OpenDatabase } from '../server/db/database.ts';
import { brands, categories, offers } from '../server/db/schema/index.ts';
import { aurora } from '../server/db/seed/brands.ts';
import { categoryRows, demoContent } from '../server/db/seed/index.ts';
import { generateOffers } from '../server/db/seed/offers.ts';
import { listFeedOffers, type FeedQuery } from '../server/repositories/offers.repository.ts';
import { searchOffers, searchWords } from '../server/repositories/offerSearch.repository.ts';
import { heading, printTable } from './format.ts';
import { percentile } from './tabSwitch.ts';

const offerCount = 5_000;
const listRuns = 50;
const searchRuns = 200;
const warmupRuns = 5;

/** Seeded words as members type them: whole, inflected, unaccented, half-typed, several; one finds nothing. */
const searchTerms = [
  'stockholm', 'goteborg', 'göteborg', 'malmo', 'tromsø', 'tromso', 'åre', 'are', 'bergen', 'lofoten',
  'fika', 'kanelbullar', 'kanelbulle', 'smörbröd', 'smorbrod', 'natural wine', 'sourdough', 'craft beer',
  'festival', 'concerts', 'konserthuset', 'masterclass', 'tasting evening', 'guided tour', 'premiere',
  'friluftsliv', 'allemansrätten', 'allemansratten', 'gløgg', 'brygga', 'kaffe', 'lagom',
  'members price', 'rain jacket', 'ferry', 'dessert', 'stoc', 'kanel', 'fjä', 'skål',
];

async function timeOnce(task: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await task();
  return performance.now() - start;
}

/** Milliseconds of each run of `task`, after a few warm-up runs. */
async function time(runs: number, task: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < warmupRuns; i++) await task(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timeOnce(() => task(i)));
  return times;
}

/** Medians of two tasks run in turn, so drift (JIT, GC, CPU clock) falls on both alike. */
async function medianPair(runs: number, a: () => Promise<unknown>, b: () => Promise<unknown>) {
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < warmupRuns; i++) await a().then(b);
  for (let i = 0; i < runs; i++) {
    ta.push(await timeOnce(a));
    tb.push(await timeOnce(b));
  }
  return [percentile(ta, 0.5), percentile(tb, 0.5)] as const;
}

/** One brand with `offerCount` seeded offers; vacuumed, as autovacuum would leave a real database. */
async function fill(database: OpenDatabase) {
  const { db } = database;
  await db.insert(brands).values(aurora);
  const content = demoContent[0]!;
  await db.insert(categories).values(categoryRows('aurora', content.categories));
  const third = Math.ceil(offerCount / 3);
  const rows = generateOffers({ ...content, counts: { editorial: third, benefit: third, live: offerCount - 2 * third } }, new Date());
  for (let i = 0; i < rows.length; i += 200) await db.insert(offers).values(rows.slice(i, i + 200));
  await db.execute(sql`VACUUM ANALYZE offer`);
  return rows.filter((r) => r.active !== false).length;
}

const ms = (value: number) => value.toFixed(2);
/** A Swedish member of a brand that falls back to English. */
const languages = { language: 'sv', fallback: 'en' } as const;

export async function measureOfferQueries(database: OpenDatabase) {
  const active = await fill(database);
  console.log(`${offerCount} offers of one brand (${active} active), ${database.kind}; list: median of ${listRuns} runs, search: ${searchRuns} queries\n`);
  const list = (q: Omit<FeedQuery, 'brandId' | 'languages'>) => () => listFeedOffers(database.db, { brandId: 'aurora', languages, ...q });
  const rows: string[][] = [];
  for (const [label, shallow, deep] of [
    ['mixed feed', { offset: 0 }, { offset: 3000 }],
    ['live feed', { type: 'live', offset: 0 }, { type: 'live', offset: 1500 }],
  ] as const) {
    const [a, b] = await medianPair(listRuns, list(shallow), list(deep));
    rows.push([label, `offset ${deep.offset}`, ms(a), ms(b), (b / a).toFixed(2)]);
  }
  printTable(['list', 'deep page', ' offset 0 ms', ' deep ms', ' deep/0'], rows);

  let found = 0;
  const search = await time(searchRuns, async (i) => {
    const words = searchWords(searchTerms[i % searchTerms.length]!);
    found += (await searchOffers(database.db, { brandId: 'aurora', words, offset: 0, languages })).length;
  });
  console.log('');
  printTable(
    ['search', ' p50 ms', ' p99 ms', ' max ms', ' results/query'],
    [['first page', ms(percentile(search, 0.5)), ms(percentile(search, 0.99)), ms(Math.max(...search)), (found / (searchRuns + warmupRuns)).toFixed(1)]],
  );
}

/** Repository queries in-process on a fresh in-memory PGlite: no HTTP, no cache in front. */
export async function benchOfferQueries() {
  heading('Offer queries (repository, in-process)');
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await measureOfferQueries(database);
  } finally {
    await database.close();
  }
}
