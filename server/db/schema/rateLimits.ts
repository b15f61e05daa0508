import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One counted request per row (a bucket such as account creation, a key such as the client
 * address), so every instance on the database shares the count. Rows older than their bucket's
 * window are deleted.
 */
export const rateLimitEvents = pgTable(
  'rate_limit_event',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_event_key_idx').on(t.bucket, t.key, t.at), index('rate_limit_event_at_idx').on(t.at)],
);
