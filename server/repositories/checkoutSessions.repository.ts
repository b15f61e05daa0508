import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { checkoutSessions, type CheckoutEndReason, type CheckoutStatus } from '../db/schema/index.ts';

export type CheckoutRow = typeof checkoutSessions.$inferSelect;
export type NewCheckout = typeof checkoutSessions.$inferInsert;

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

