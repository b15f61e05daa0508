import { and, eq, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { jobClaims } from '../db/schema/index.ts';

/**
 * Claims one piece of work until `until`, in one statement: a new claim, or one whose holder let
 * it lapse (crashed, or slower than its lease). Answers false while another holder's claim runs.
 */
export async function claimJob(db: Executor, claim: { job: string; subject: string; holder: string }, at: Date, until: Date): Promise<boolean> {
  const rows = await db
    .insert(jobClaims)
    .values({ ...claim, claimedUntil: until })
    .onConflictDoUpdate({
      target: [jobClaims.job, jobClaims.subject],
      set: { holder: claim.holder, claimedUntil: until },
      setWhere: lte(jobClaims.claimedUntil, at),
    })
    .returning({ job: jobClaims.job });
  return rows.length === 1;
}

/** Ends the holder's own claim (a claim another holder took over after it lapsed stays theirs). */
export async function releaseJob(db: Executor, claim: { job: string; subject: string; holder: string }): Promise<void> {
  await db
    .delete(jobClaims)
    .where(and(eq(jobClaims.job, claim.job), eq(jobClaims.subject, claim.subject), eq(jobClaims.holder, claim.holder)));
}

/** Deletes claims that lapsed before `before` (left by instances that died; their work was taken over or is gone). */
export async function dropLapsedClaims(db: Executor, before: Date): Promise<number> {
  const rows = await db.delete(jobClaims).where(lt(jobClaims.claimedUntil, before)).returning({ job: jobClaims.job });
  return rows.length;
}

/** Advisory-lock class of swept work that runs in one transaction (the two-number lock space). */
const sweptWorkLockClass = 4_711_003;

/**
 * Takes the transaction-scoped advisory lock of one piece of work without waiting: false when
 * another transaction (another instance's sweep) holds it. Released at commit or rollback, so
 * it holds under a transaction-pooling PgBouncer and a crash never leaves it behind.
 */
export async function tryLockSweptWork(tx: Executor, name: string): Promise<boolean> {
  const result = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${sweptWorkLockClass}::int, hashtext(${name})) AS locked`)) as unknown as {
    rows: { locked: boolean }[];
  };
  return result.rows[0]?.locked === true;
}
