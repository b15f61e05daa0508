import { lapsedCheckouts, lockCheckout } from '../repositories/checkoutSessions.repository.ts';
import { isUnknownToProvider } from '../payments/cardPayment.ts';
import { stepOf, type CheckoutDeps, type CommerceDeps } from './context.ts';
import { endUnpaidNow } from './checkout.ts';
import { settleCheckout } from './fulfilment.ts';
import { retryRefunds } from './refunds.ts';
import { endUnpaid } from './unpaid.ts';
import { sweepWaitingLists } from './waitingList.ts';

/**
 * Settles sessions past their expiry that no event settled (a lost webhook, a crash before the
 * provider answered) and retries refunds still needed. Availability never waits for it: an
 * expired hold counts for nothing anyway.
 */
export async function sweepCheckouts(deps: CheckoutDeps): Promise<{ settled: number; refunded: number }> {
  const { db, now } = deps;
  let settled = 0;
  for (const row of await lapsedCheckouts(db, now())) {
    try {
      if (!row.providerSessionId) {
        await db.transaction(async (tx) => {
          const locked = await lockCheckout(tx, row.brandId, row.id);
          if (locked?.status === 'pending') await endUnpaid(stepOf(deps, tx, now()), locked, 'failed');
        });
      } else {
        const stripe = deps.payments.stripe;
        const session = await stripe.checkout.sessions.retrieve(row.providerSessionId).catch((error: unknown) => {
          // The provider does not know it (another instance's embedded provider, a purged test session): nobody can pay it.
          if (isUnknownToProvider(error)) return null;
          throw error;
        });
        if (session === null) await endUnpaidNow(deps, row, 'expired');
        else await settleCheckout(deps, session.status === 'open' ? await stripe.checkout.sessions.expire(session.id) : session);
      }
      settled++;
    } catch (error) {
      deps.log.warn({ checkoutId: row.id, err: error instanceof Error ? error.message : 'unknown' }, 'lapsed checkout not settled yet');
    }
  }
  return { settled, refunded: await retryRefunds(deps) };
}

/** Every minute: lapsed checkouts and refunds (with payments), lapsed waiting-list offers, then queued mail. */
export async function sweepCommerce(deps: CommerceDeps & { payments?: CheckoutDeps['payments'] }): Promise<void> {
  if (deps.payments) await sweepCheckouts({ ...deps, payments: deps.payments });
  await sweepWaitingLists(deps);
  await deps.mail.dispatch();
}
