import { findCheckout, lapsedCheckouts, lockCheckout, type CheckoutRow } from '../repositories/checkoutSessions.repository.ts';
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
 * expired hold counts for nothing anyway. Each session is claimed first, so of the instances
 * sweeping together one asks the provider about it.
 */
export async function sweepCheckouts(deps: CheckoutDeps): Promise<{ settled: number; refunded: number }> {
  const { db, now } = deps;
  let settled = 0;
  for (const row of await lapsedCheckouts(db, now())) {
    try {
      const done = await deps.jobs.run('lapsed-checkout', `${row.brandId}:${row.id}`, () => settleLapsed(deps, row));
      if (done.ran && done.value) settled++;
    } catch (error) {
      deps.log.warn({ checkoutId: row.id, err: error instanceof Error ? error.message : 'unknown' }, 'lapsed checkout not settled yet');
    }
  }
  return { settled, refunded: await retryRefunds(deps) };
}

/** One lapsed session, under its claim; false when another instance settled it since it was listed. */
async function settleLapsed(deps: CheckoutDeps, listed: CheckoutRow): Promise<boolean> {
  const { db, now } = deps;
  const row = await findCheckout(db, listed.brandId, listed.id);
  if (!row || (row.status !== 'open' && row.status !== 'pending') || row.expiresAt.getTime() > now()) return false;
  if (!row.providerSessionId) {
    await db.transaction(async (tx) => {
      const locked = await lockCheckout(tx, row.brandId, row.id);
      if (locked?.status === 'pending') await endUnpaid(stepOf(deps, tx, now()), locked, 'failed');
    });
    return true;
  }
  const stripe = deps.payments.stripe;
  const session = await stripe.checkout.sessions.retrieve(row.providerSessionId).catch((error: unknown) => {
    // The provider does not know it (a stand-in that restarted, a purged test session): nobody can pay it.
    if (isUnknownToProvider(error)) return null;
    throw error;
  });
  if (session === null) await endUnpaidNow(deps, row, 'expired');
  else await settleCheckout(deps, session.status === 'open' ? await stripe.checkout.sessions.expire(session.id) : session);
  return true;
}

/** Every minute: lapsed checkouts and refunds (with payments), lapsed waiting-list offers, then queued mail. */
export async function sweepCommerce(deps: CommerceDeps & { payments?: CheckoutDeps['payments'] }): Promise<void> {
  if (deps.payments) await sweepCheckouts({ ...deps, payments: deps.payments });
  await sweepWaitingLists(deps);
  await deps.mail.dispatch();
}
