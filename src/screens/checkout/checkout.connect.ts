import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { checkoutMachine } from '../../../machines/checkout.machine.ts';
import type { CardField } from '../../../domain/cardForm.ts';

export type CheckoutRef = ActorRefFrom<typeof checkoutMachine>;
type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

export type CheckoutStatus = 'loading' | 'card' | 'paying' | 'stripe' | 'completing' | 'completed' | 'refunded' | 'cancelled' | 'failed';

function statusOf(snapshot: CheckoutSnapshot): CheckoutStatus {
  if (snapshot.matches({ open: 'stripe' })) return 'stripe';
  if (snapshot.matches({ open: { card: 'paying' } })) return 'paying';
  if (snapshot.matches({ open: 'card' })) return 'card';
  if (snapshot.matches('completing')) return 'completing';
  if (snapshot.matches('completed')) return 'completed';
  if (snapshot.matches('refunded')) return 'refunded';
  if (snapshot.matches('cancelled')) return 'cancelled';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}

/**
 * Where a failure without a retry leads back to: the offer when everything in the cart is from
 * one offer (its sale, queue or cap is what to look at), else the offers.
 */
function backPathOf(cart: CheckoutSnapshot['context']['cart']): string {
  const offers = new Set((cart?.itemList ?? []).map((line) => `/${line.offerType}/${line.offerId}`));
  return offers.size === 1 ? [...offers][0]! : '/';
}

export function connectCheckout(snapshot: CheckoutSnapshot, ref: CheckoutRef) {
  const { context } = snapshot;
  return {
    status: statusOf(snapshot),
    form: context.form,
    fieldErrors: context.fieldErrors,
    refusal: context.refusal,
    errorCode: context.error?.code ?? null,
    /** What the failure's refusal told beside its code (when the member may hold again, the ceiling). */
    errorFacts: context.error?.facts ?? {},
    /** A failure a new attempt can mend offers "Try again"; any other a way back instead. */
    canRetry: snapshot.can({ type: 'checkout.retry' }),
    backPath: backPathOf(context.cart),
    // Context objects as they are (a new object here would make every read a change).
    session: context.session,
    config: context.config,
    /** The order number the member sees: the short reference only, never the internal id. */
    orderReference: context.orderReference,
    cart: context.cart,
    edit: (field: CardField, value: string) => ref.send({ type: 'checkout.edit', field, value }),
    pay: () => ref.send({ type: 'checkout.pay' }),
    cancel: () => ref.send({ type: 'checkout.cancel' }),
    retry: () => ref.send({ type: 'checkout.retry' }),
    stripeCompleted: () => ref.send({ type: 'checkout.stripeCompleted' }),
  };
}

export type CheckoutView = ReturnType<typeof connectCheckout>;
