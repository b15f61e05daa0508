import type { CheckoutOutcome } from '../../contract/checkout.ts';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../errors.ts';
import { findCheckoutByProviderId, type CheckoutRow } from '../repositories/checkoutSessions.repository.ts';
import { findOrderOfCheckout } from '../repositories/orders.repository.ts';
import type { Member } from './context.ts';

/**
 * The API's outcome of a stored session. An unpaid session that ended for a reason the member
 * should be told (replaced by their next checkout, or their holds reached the brand's ceiling)
 * says so in `endedBecause`, with `holdAgainAt` for the ceiling.
 */
export async function outcomeOf(db: Executor, row: CheckoutRow): Promise<CheckoutOutcome> {
  if (row.status === 'complete') {
    const order = await findOrderOfCheckout(db, row.brandId, row.id);
    return { status: 'complete', orderId: order?.id ?? null, orderReference: order?.reference ?? null };
  }
  if (row.status === 'refunded') return { status: 'refunded', orderId: null };
  if (row.status === 'expired' || row.status === 'failed') {
    if (row.endReason === null) return { status: 'expired', orderId: null };
    return { status: 'expired', orderId: null, endedBecause: row.endReason, holdAgainAt: row.holdAgainAt?.getTime() ?? null };
  }
  return { status: 'open', orderId: null };
}

/**
 * GET /v1/get/checkout/status: the member's own session as we have it, without asking the
 * provider (a tab polls it to learn that its session ended elsewhere); 404 for anyone else's.
 */
export async function memberCheckoutStatus(db: Executor, owner: Member, providerSessionId: string): Promise<CheckoutOutcome> {
  const row = await findCheckoutByProviderId(db, providerSessionId, owner);
  if (!row) throw new ApiError(404, 'checkout/session-not-found', 'There is no such checkout session');
  return outcomeOf(db, row);
}
