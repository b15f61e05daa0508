import { setCheckoutStatus, type CheckoutRow } from '../repositories/checkoutSessions.repository.ts';
import type { Step } from './context.ts';
import type { CheckoutEndReason } from '../db/schema/index.ts';
import { releaseCheckoutHolds, returnPlacesOfCheckout, type OfferedPlace } from './stock.ts';

/**
 * Ends a checkout that was not paid (expired, replaced by the member's next checkout, or failed
 * at the provider), under its row's lock held by the caller: its holds go, places it took from
 * the waiting list go back (or expire), and freed units are offered in line. `endReason` is what
 * the member's window is told (replaced, hold ceiling).
 */
export async function endUnpaid(
  step: Step,
  row: Pick<CheckoutRow, 'brandId' | 'id' | 'lines'>,
  status: 'expired' | 'failed',
  endReason?: CheckoutEndReason,
): Promise<OfferedPlace[]> {
  const variantIds = row.lines.map((l) => l.itemVariantId);
  // Releasing needs no variant lock (it only frees units); offering them to the line takes it.
  await releaseCheckoutHolds(step.tx, row);
  await setCheckoutStatus(step.tx, row, status, new Date(step.at), endReason);
  return returnPlacesOfCheckout(step, row.brandId, row.id, variantIds);
}

/** Why a session that ends by itself ended: the hold ceiling when it cut this hold short and the hold ran out. */
export const lapseReasonOf = (row: Pick<CheckoutRow, 'holdAgainAt' | 'expiresAt'>, at: number): CheckoutEndReason | undefined =>
  row.holdAgainAt !== null && row.expiresAt.getTime() <= at ? 'holdLimit' : undefined;
