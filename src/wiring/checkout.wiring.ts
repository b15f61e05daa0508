import { fromCallback, fromPromise } from 'xstate';
import {
  checkoutMachine,
  type CheckoutInput,
  type SessionKeeperEvent,
  type SessionWatcherCommand,
  type SessionWatcherEvent,
} from '../../machines/checkout.machine.ts';
import type { CheckoutOutcome, CheckoutSession } from '../../contract/checkout.ts';
import type { ApiClient } from '../api/client.ts';
import {
  completeCheckoutSession,
  createCheckoutSession,
  expireCheckoutSession,
  getCheckoutConfig,
  getCheckoutStatus,
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

/** The channel every checkout window of this browser announces the session it opened on. */
export const checkoutChannelName = 'klubb-checkout';
/** How often an open checkout asks the server how its session stands, while its page shows. */
export const checkoutStatusPollMs = 5_000;

/** What a window says on the channel when its checkout opened. */
export interface CheckoutAnnouncement {
  type: 'checkout.opened';
  sessionId: string;
}

function isAnnouncement(data: unknown): data is CheckoutAnnouncement {
  const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return fields.type === 'checkout.opened' && typeof fields.sessionId === 'string';
}

/**
 * The open session's watcher. Opening a checkout ends the member's previous one on the server;
 * the window that had it learns so here. It announces its session on a BroadcastChannel (same
 * browser; skipped where there is none) and passes on the other windows' announcements, after
 * which the machine has it ask the server at once (`watcher.check`); and it asks the server how
 * the session stands every few seconds while the page shows, and at once when it shows again or
 * gets the focus (other devices). A failed ask is dropped: the next one asks again. An ask
 * wanted while one is under way follows it, so a replacement made meanwhile is not missed.
 */
export function watchCheckoutSession(api: ApiClient) {
  return fromCallback<SessionWatcherCommand, { session: CheckoutSession }>(({ input: { session }, sendBack, receive }) => {
    const report = (event: SessionWatcherEvent) => sendBack(event);
    let stopped = false;
    let asking = false;
    let askAgain = false;
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(checkoutChannelName) : null;
    if (channel) {
      channel.onmessage = ({ data }: MessageEvent) => {
        if (isAnnouncement(data) && !stopped) report({ type: 'checkout.otherCheckoutOpened', sessionId: data.sessionId });
      };
      channel.postMessage({ type: 'checkout.opened', sessionId: session.id } satisfies CheckoutAnnouncement);
    }
    const doc = typeof document === 'undefined' ? null : document;
    const win = typeof window === 'undefined' ? null : window;
    const shown = () => doc?.visibilityState !== 'hidden';
    const ask = () => {
      if (stopped) return;
      if (asking) {
        askAgain = true;
        return;
      }
      asking = true;
      getCheckoutStatus(api, session.id)
        .then((outcome) => {
          if (!stopped) report({ type: 'checkout.statusSeen', outcome });
        })
        .catch(() => undefined)
        .finally(() => {
          asking = false;
          if (askAgain) {
            askAgain = false;
            ask();
          }
        });
    };
    const askWhileShown = () => {
      if (shown()) ask();
    };
    receive(() => ask());
    const timer = setInterval(askWhileShown, checkoutStatusPollMs);
    doc?.addEventListener('visibilitychange', askWhileShown);
    win?.addEventListener('focus', askWhileShown);
    return () => {
      stopped = true;
      clearInterval(timer);
      doc?.removeEventListener('visibilitychange', askWhileShown);
      win?.removeEventListener('focus', askWhileShown);
      channel?.close();
    };
  });
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
        sessionWatcher: watchCheckoutSession(api),
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
