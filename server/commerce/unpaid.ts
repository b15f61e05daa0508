import { setCheckoutStatus, type CheckoutRow } from '../repositories/checkoutSessions.repository.ts';
import type { Step } from './context.ts';
import { lockVariants, releaseCheckoutHolds, returnPlacesOfCheckout, type OfferedPlace } from './stock.ts';

/**
 * Ends a checkout that was not paid (expired, replaced by the member's next checkout, or failed
 * at the provider), under its row's lock held by the caller: its holds go, places it took from
 * the waiting list go back (or expire), and freed units are offered in line.
 */
export async function endUnpaid(step: Step, row: Pick<CheckoutRow, 'brandId' | 'id' | 'lines'>, status: 'expired' | 'failed'): Promise<OfferedPlace[]> {
  const variantIds = row.lines.map((l) => l.itemVariantId);
  // Under the variants' locks, like everything that holds or offers their units.
  await lockVariants(step.tx, row.brandId, variantIds);
  await releaseCheckoutHolds(step.tx, row);
  await setCheckoutStatus(step.tx, row, status, new Date(step.at));
  return returnPlacesOfCheckout(step, row.brandId, row.id, variantIds);
}
