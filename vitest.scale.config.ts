import { defineConfig } from 'vitest/config';

/**
 * `npm run test:scale`: three server processes on one PostgreSQL through PgBouncer (needs
 * TEST_DATABASE_URL and Debian's pgbouncer). Not part of `npm run test:unit`; CI runs it after
 * the PostgreSQL pass (.ci/run). Files run one at a time: each starts its own processes.
 */
export default defineConfig({
  test: {
    name: 'scale',
    environment: 'node',
    include: ['tests/scale/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
