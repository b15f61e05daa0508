import type { CheckoutOutcome } from '../../contract/checkout.ts';
import type { Executor } from '../db/database.ts';
import type { CheckoutRow } from '../repositories/checkoutSessions.repository.ts';
import { findOrderOfCheckout } from '../repositories/orders.repository.ts';

/** The API's outcome of a stored session. */
export async function outcomeOf(db: Executor, row: CheckoutRow): Promise<CheckoutOutcome> {
  if (row.status === 'complete') {
    const order = await findOrderOfCheckout(db, row.brandId, row.id);
    return { status: 'complete', orderId: order?.id ?? null, orderReference: order?.reference ?? null };
  }
  if (row.status === 'refunded') return { status: 'refunded', orderId: null };
  if (row.status === 'expired' || row.status === 'failed') return { status: 'expired', orderId: null };
  return { status: 'open', orderId: null };
}
