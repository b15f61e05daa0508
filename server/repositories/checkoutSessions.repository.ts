import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { checkoutSessions, type CheckoutEndReason, type CheckoutStatus } from '../db/schema/index.ts';

export type CheckoutRow = typeof checkoutSessions.$inferSelect;
export type NewCheckout = typeof checkoutSessions.$inferInsert;

export async function insertCheckout(tx: Executor, row: NewCheckout): Promise<void> {
  await tx.insert(checkoutSessions).values(row);
}

/** A pending session got its provider session: it is payable now. False when it ended meanwhile (replaced by the member's next checkout). */
export async function markCheckoutOpen(db: Executor, checkout: { brandId: string; id: string }, providerSessionId: string): Promise<boolean> {
  const updated = await db
    .update(checkoutSessions)
    .set({ providerSessionId, status: 'open' })
    .where(and(eq(checkoutSessions.brandId, checkout.brandId), eq(checkoutSessions.id, checkout.id), eq(checkoutSessions.status, 'pending')))
    .returning({ id: checkoutSessions.id });
  return updated.length > 0;
}

/** The session by the provider's id, of this brand (and member, when given). */
export async function findCheckoutByProviderId(db: Executor, providerSessionId: string, owner?: { brandId: string; userId: string }): Promise<CheckoutRow | null> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.providerSessionId, providerSessionId),
        ...(owner ? [eq(checkoutSessions.brandId, owner.brandId), eq(checkoutSessions.userId, owner.userId)] : []),
      ),
    );
  return row ?? null;
}

/** Locks one session row for the rest of the transaction: its settlement runs once at a time. */
export async function lockCheckout(tx: Executor, brandId: string, id: string): Promise<CheckoutRow | null> {
  const [row] = await tx
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.brandId, brandId), eq(checkoutSessions.id, id)))
    .for('update');
  return row ?? null;
}

/** `endReason`: why an unpaid session ended, when its member is to be told (replaced, hold ceiling). */
export async function setCheckoutStatus(
  tx: Executor,
  row: Pick<CheckoutRow, 'brandId' | 'id'>,
  status: CheckoutStatus,
  settledAt: Date | null,
  endReason?: CheckoutEndReason,
): Promise<void> {
  await tx
    .update(checkoutSessions)
    .set({ status, settledAt, ...(endReason ? { endReason } : {}) })
    .where(and(eq(checkoutSessions.brandId, row.brandId), eq(checkoutSessions.id, row.id)));
}

/** Sessions still open or pending whose expiry has passed (the sweep settles them). */
export async function lapsedCheckouts(db: Executor, now: number, limit = 50): Promise<CheckoutRow[]> {
  return db
    .select()
    .from(checkoutSessions)
    .where(and(inArray(checkoutSessions.status, ['open', 'pending']), lte(checkoutSessions.expiresAt, new Date(now))))
    .orderBy(asc(checkoutSessions.expiresAt))
    .limit(limit);
}

/** One session as it is now (no lock). */
export async function findCheckout(db: Executor, brandId: string, id: string): Promise<CheckoutRow | null> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.brandId, brandId), eq(checkoutSessions.id, id)));
  return row ?? null;
}

/** The mail address and language a session's member paid with (for mails about its order). */
export async function checkoutContact(db: Executor, brandId: string, id: string): Promise<{ email: string; language: string } | null> {
  const [row] = await db
    .select({ email: checkoutSessions.email, language: checkoutSessions.language })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.brandId, brandId), eq(checkoutSessions.id, id)));
  return row ?? null;
}

/**
 * The member's checkouts of the last `windowMs` that held any of the variants and did not end in
 * a purchase, per variant: from opening until they ended (their expiry at the latest, whenever the
 * sweep or a late payment settled them; or `now`), counting only those opened after the member
 * last bought the variant (the hold ceiling, domain/holdCeiling.ts).
 */
export async function memberHoldIntervals(
  db: Executor,
  member: { brandId: string; userId: string },
  variantIds: readonly string[],
  windowMs: number,
  now: number,
): Promise<Map<string, { from: number; to: number }[]>> {
  const intervals = new Map<string, { from: number; to: number }[]>();
  if (variantIds.length === 0) return intervals;
  const at = new Date(now);
  const since = new Date(now - windowMs);
  const result = await db.execute(sql`
    SELECT line.variant_id, cs.created_at, LEAST(cs.settled_at, cs.expires_at, ${at}::timestamptz) AS ended_at
    FROM ${checkoutSessions} cs
    CROSS JOIN LATERAL (SELECT DISTINCT l ->> 'itemVariantId' AS variant_id FROM jsonb_array_elements(cs.lines) l) line
    WHERE cs.brand_id = ${member.brandId} AND cs.user_id = ${member.userId}
      AND cs.status <> 'complete' AND LEAST(cs.settled_at, cs.expires_at) > ${since}::timestamptz
      AND line.variant_id IN (${sql.join(
        [...new Set(variantIds)].map((id) => sql`${id}`),
        sql`, `,
      )})
      AND NOT EXISTS (
        SELECT 1 FROM purchase_order o JOIN order_line ol ON ol.brand_id = o.brand_id AND ol.order_id = o.id
        WHERE o.brand_id = cs.brand_id AND o.user_id = cs.user_id AND o.status = 'paid'
          AND ol.item_variant_id = line.variant_id AND o.created_at >= cs.created_at
      )`);
  for (const row of (result as unknown as { rows: { variant_id: string; created_at: Date | string; ended_at: Date | string }[] }).rows) {
    const list = intervals.get(row.variant_id) ?? [];
    list.push({ from: new Date(row.created_at).getTime(), to: new Date(row.ended_at).getTime() });
    intervals.set(row.variant_id, list);
  }
  return intervals;
}


/** A pending session whose holds could not be made (sold out meanwhile): it never existed for anyone. */
export async function deleteUnheldCheckout(db: Executor, checkout: { brandId: string; id: string }): Promise<void> {
  await db
    .delete(checkoutSessions)
    .where(and(eq(checkoutSessions.brandId, checkout.brandId), eq(checkoutSessions.id, checkout.id), eq(checkoutSessions.status, 'pending')));
}
