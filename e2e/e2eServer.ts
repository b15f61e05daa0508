/**
 * Each Playwright worker has a server (and an embedded database seeded with the demo data) of its
 * own, started by playwright.config.ts: worker i of a run talks to the one on `E2E_PORT + i`, so
 * specs running side by side never share a member's cart, password or language.
 */
export const e2eBasePort = Number(process.env.E2E_PORT ?? 8091);

/** How many workers (and servers) a run has: one per core unless E2E_WORKERS says otherwise. */
export const e2eWorkers = (cores: number) => Number(process.env.E2E_WORKERS ?? cores);

/** The port of this worker's server (the runner itself, outside any worker, reads the first). */
export const e2ePort = e2eBasePort + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
