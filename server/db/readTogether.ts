import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './database.ts';

type Results<T extends readonly (() => Promise<unknown>)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Runs independent reads side by side on the pool (each on its own connection), but one after
 * another on a transaction: a transaction is one connection, and queries sent on it before the
 * last answered are what pg deprecates (pg 9 refuses them) and what a transaction-pooling
 * PgBouncer cannot interleave.
 */
export async function readTogether<T extends readonly (() => Promise<unknown>)[]>(db: Executor, ...reads: T): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) return Promise.all(reads.map((read) => read())) as Promise<Results<T>>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<T>;
}
