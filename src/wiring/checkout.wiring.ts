import { fromCallback, fromPromise } from 'xstate';
import { checkoutMachine, type CheckoutInput, type SessionKeeperEvent } from '../../machines/checkout.machine.ts';
import type { CheckoutOutcome, CheckoutSession } from '../../contract/checkout.ts';
import {
  completeCheckoutSession,
  createCheckoutSession,
  expireCheckoutSession,
  getCheckoutConfig,
  payWithLocalCard,
} from '../api/checkout.ts';
import { cardDigits, parseExpiry, type CardForm } from '../../domain/cardForm.ts';
import { CheckoutScreen } from '../screens/checkout/CheckoutScreen.tsx';
import { wired, type WiringDeps } from './wired.tsx';
import { appChild } from '../appActor.ts';

/** Stripe.js, only when Stripe is the provider: its script loads from Stripe then, never before. */
async function loadStripeJs(publishableKey: string) {
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  return loadStripe(publishableKey);
}

/** /checkout: the session calls to the API, the card form's payment, and Stripe.js when Stripe is configured. */
export function wireCheckout({ api, app, analytics }: WiringDeps) {
  const snapshot = app.getSnapshot();
  const user = snapshot.context.member?.user;
  const input: CheckoutInput = {
    name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
    email: user?.email ?? '',
    // What the member is about to pay for: the cart as it is now (its drawer may change it later).
    cart: appChild(snapshot, 'cart')?.getSnapshot().context.cart ?? null,
  };
  // Paid with the card form or in Stripe's Checkout: the order exists once the outcome is complete.
  const paid = (outcome: CheckoutOutcome) => {
    if (outcome.status === 'complete') analytics.track('order_paid');
    return outcome;
  };
  return {
    input,
    loadStripe: loadStripeJs,
    logic: checkoutMachine.provide({
      actions: {
        // The screen's actor is its own system: the app's cart is reached through the app actor.
        reloadCart: () => appChild(app.getSnapshot(), 'cart')?.send({ type: 'cart.reload' }),
      },
      actors: {
        loadConfig: fromPromise(() => getCheckoutConfig(api)),
        createSession: fromPromise(async () => {
          const session = await createCheckoutSession(api);
          analytics.track('checkout_opened');
          return session;
        }),
        payWithCard: fromPromise(({ input: { session, form } }: { input: { session: CheckoutSession; form: CardForm } }) => {
          const expiry = parseExpiry(form.expiry)!;
          return payWithLocalCard(api, {
            stripeCheckoutSessionId: session.id,
            clientSecret: session.clientSecret,
            name: form.name.trim(),
            email: form.email.trim(),
            cardNumber: cardDigits(form.cardNumber),
            expMonth: expiry.month,
            expYear: expiry.year,
            cvc: form.cvc.trim(),
          }).then(paid);
        }),
        completeCheckout: fromPromise(({ input }: { input: { session: CheckoutSession } }) => completeCheckoutSession(api, input.session.id).then(paid)),
        sessionKeeper: fromCallback<SessionKeeperEvent, { session: CheckoutSession }>(({ input, receive }) => {
          let armed = false;
          receive((event) => void (armed = event.type === 'keeper.arm'));
          return () => {
            // Leaving before paying: the session and its stock hold end now, not at their expiry.
            if (armed) expireCheckoutSession(api, input.session.id).catch((error: unknown) => console.warn('Could not expire the checkout session', error));
          };
        }),
      },
    }),
  };
}

/** The screen with its wiring: one lazy chunk, loaded when /checkout first shows. */
export const WiredCheckoutScreen = wired(CheckoutScreen, wireCheckout);
