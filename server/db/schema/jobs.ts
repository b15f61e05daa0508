import { index, primaryKey, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who is doing one piece of swept work right now (a lapsed checkout, a refund, the analytics
 * pruning), so that of the instances that all run the sweep only one does it. A claim lasts
 * until `claimed_until`; an instance that dies mid-job leaves it to lapse, and another takes the
 * work over then. The row is deleted when the work is done (server/jobs/claims.ts).
 */
export const jobClaims = pgTable(
  'job_claim',
  {
    /** What kind of work: 'lapsed-checkout', 'refund', 'analytics-retention'. */
    job: text('job').notNull(),
    /** Which piece of it (a checkout session id), or '*' for a job done as a whole. */
    subject: text('subject').notNull(),
    /** The instance that holds it (for an operator reading the table). */
    holder: text('holder').notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.subject] }), index('job_claim_until_idx').on(t.claimedUntil)],
);
