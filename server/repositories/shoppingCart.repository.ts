import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { shoppingCartLines, shoppingCarts, users } from '../db/schema/index.ts';
import type { CartLine } from '../../domain/cartUpdate.ts';

/** The member's cart version and lines in the order they were added; version 0 and no lines before the first write. */
export async function readCart(db: Executor, brandId: string, userId: string): Promise<{ version: number; lines: CartLine[] }> {
  const [header] = await db
    .select({ version: shoppingCarts.version })
    .from(shoppingCarts)
    .where(and(eq(shoppingCarts.brandId, brandId), eq(shoppingCarts.userId, userId)));
  const lines = await db
    .select({ itemVariantId: shoppingCartLines.itemVariantId, offerId: shoppingCartLines.offerId, quantity: shoppingCartLines.quantity })
    .from(shoppingCartLines)
    .where(and(eq(shoppingCartLines.brandId, brandId), eq(shoppingCartLines.userId, userId)))
    .orderBy(asc(shoppingCartLines.lineNo));
  return { version: header?.version ?? 0, lines };
}

/**
 * Creates the member's cart header if needed and locks it for the rest of the transaction, so
 * writes to one member's cart run one after another. Answers the current version, or null when
 * the member has no profile in the brand.
 */
export async function lockCart(tx: Executor, brandId: string, userId: string): Promise<number | null> {
  const result = await tx.execute<{ version: number }>(sql`
    INSERT INTO ${shoppingCarts} (brand_id, user_id)
    SELECT ${users.brandId}, ${users.id} FROM ${users} WHERE ${users.brandId} = ${brandId} AND ${users.id} = ${userId}
    ON CONFLICT (brand_id, user_id) DO UPDATE SET version = ${shoppingCarts}.version
    RETURNING version`);
  const rows = (result as unknown as { rows: { version: number }[] }).rows;
  return rows[0]?.version ?? null;
}

/** Stores `next` as the member's lines (changed ones only) and bumps the version; call under lockCart. */
export async function writeCart(tx: Executor, brandId: string, userId: string, current: readonly CartLine[], next: readonly CartLine[]) {
  const owner = and(eq(shoppingCartLines.brandId, brandId), eq(shoppingCartLines.userId, userId));
  const kept = next.map((line) => line.itemVariantId);
  await tx.delete(shoppingCartLines).where(kept.length > 0 ? and(owner, notInArray(shoppingCartLines.itemVariantId, kept)) : owner);
  const before = new Map(current.map((line) => [line.itemVariantId, line.quantity]));
  const changed = next.filter((line) => before.get(line.itemVariantId) !== line.quantity);
  // One row at a time, so new lines get increasing line numbers in the list's order.
  for (const line of changed) {
    await tx
      .insert(shoppingCartLines)
      .values({ brandId, userId, itemVariantId: line.itemVariantId, offerId: line.offerId, quantity: line.quantity })
      .onConflictDoUpdate({
        target: [shoppingCartLines.brandId, shoppingCartLines.userId, shoppingCartLines.itemVariantId],
        set: { quantity: line.quantity, offerId: line.offerId },
      });
  }
  const [header] = await tx
    .update(shoppingCarts)
    .set({ version: sql`${shoppingCarts.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(shoppingCarts.brandId, brandId), eq(shoppingCarts.userId, userId)))
    .returning({ version: shoppingCarts.version });
  return header!.version;
}
