import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../db/database.ts';
import { claimJob, dropLapsedClaims, releaseJob } from '../repositories/jobClaims.repository.ts';

/**
 * Swept work done once across instances (docs/architecture.md, "Jobs once"): every instance
 * runs the sweep, and each piece of work that calls out (a lapsed checkout asked of the payment
 * provider, a refund) or runs long (the analytics pruning) is claimed first in `job_claim`.
 * Whoever gets the claim does the work and ends the claim; the others skip it. A claim lasts
 * `leaseMs`: work whose instance died is taken over by the next sweep after it lapses.
 */
export interface JobClaims {
  /** This instance's name in `job_claim.holder`. */
  readonly holder: string;
  readonly leaseMs: number;
  /**
   * Runs `work` under the claim of (job, subject) and ends the claim after it, done or failed
   * (the next sweep retries a failure). Answers `{ ran: false }` when another instance holds it.
   */
  run<T>(job: string, subject: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  /** Deletes claims lapsed for more than a day (their holders died). */
  tidy(): Promise<number>;
}

export const defaultJobLeaseMs = 120_000;

export function createJobClaims(deps: { db: Database; now: () => number; leaseMs?: number; holder?: string }): JobClaims {
  const leaseMs = deps.leaseMs ?? defaultJobLeaseMs;
  const holder = deps.holder ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  return {
    holder,
    leaseMs,
    async run(job, subject, work) {
      const at = deps.now();
      const claim = { job, subject, holder };
      if (!(await claimJob(deps.db, claim, new Date(at), new Date(at + leaseMs)))) return { ran: false };
      try {
        return { ran: true, value: await work() };
      } finally {
        await releaseJob(deps.db, claim);
      }
    },
    tidy: () => dropLapsedClaims(deps.db, new Date(deps.now() - 24 * 60 * 60 * 1000)),
  };
}
