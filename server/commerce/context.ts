import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/database.ts';
import type { JobClaims } from '../jobs/jobClaims.ts';
import type { MailQueue } from '../mail/queue.ts';
import type { Payments } from '../payments/index.ts';
import type { CommerceLimits } from './limits.ts';

/** What the selling code runs on; the app builds it once (server/app.ts). */
export interface CommerceDeps {
  db: Database;
  mail: MailQueue;
  now: () => number;
  log: FastifyBaseLogger;
  limits: CommerceLimits;
  /** Claims of swept work, so that of several instances one does each piece. */
  jobs: JobClaims;
}

/** With card payments configured. */
export interface CheckoutDeps extends CommerceDeps {
  payments: Payments;
}

/** One step of selling inside a transaction: its executor, its moment, and the mail it may queue with it. */
export interface Step {
  tx: Executor;
  at: number;
  mail: MailQueue;
}

export const stepOf = (deps: Pick<CommerceDeps, 'mail'>, tx: Executor, at: number): Step => ({ tx, at, mail: deps.mail });

/** The member a call is made for. */
export interface Member {
  brandId: string;
  userId: string;
}
