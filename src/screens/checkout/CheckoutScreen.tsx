import { lazy, Suspense } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { Stripe } from '@stripe/stripe-js';
import type { checkoutMachine, CheckoutInput } from '../../../machines/checkout.machine.ts';
import { sameViewValues } from '../../appActor.ts';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { checkoutMessage, holdLimitMessages, paymentCancelled } from '../../i18n/checkoutMessages.ts';
import { formatClockTime, formatMoney } from '../../i18n/format.ts';
import { AppLink } from '../../navigation/AppLink.tsx';
import { CardPaymentForm } from './CardPaymentForm.tsx';
import { CheckoutSummary } from './CheckoutSummary.tsx';
import { connectCheckout, type CheckoutView } from './checkout.connect.ts';
import * as styles from './checkout.css.ts';

// Stripe's React components load only when Stripe is the provider.
const StripeEmbeddedCheckout = lazy(() => import('./StripeEmbeddedCheckout.tsx'));

export interface CheckoutScreenProps {
  logic: typeof checkoutMachine;
  input: CheckoutInput;
  loadStripe: (publishableKey: string) => Promise<Stripe | null>;
}

/** /checkout (spec 2.3, 4): pays the member's cart by card, then confirms the order. */
export function CheckoutScreen({ logic, input, loadStripe }: CheckoutScreenProps) {
  const { t } = useLingui();
  const ref = useActorRef(logic, { input });
  const view = useSelector(ref, (s) => connectCheckout(s, ref), sameViewValues);
  const busy = view.status === 'loading' || view.status === 'completing';
  return (
    <main className={styles.page} aria-busy={busy}>
      <h1 className={styles.heading}>{t`Checkout`}</h1>
      {busy ? (
        <>
          <Spinner />
          <p role="status">{view.status === 'completing' ? t`Confirming your order…` : t`Preparing the payment…`}</p>
        </>
      ) : null}
      {view.cart && view.status !== 'failed' && view.status !== 'refunded' ? <CheckoutSummary cart={view.cart} /> : null}
      {view.session && (view.status === 'card' || view.status === 'paying' || view.status === 'stripe') ? <Amount view={view} /> : null}
      {view.status === 'card' || view.status === 'paying' ? <CardPaymentForm view={view} /> : null}
      {view.status === 'stripe' && view.config && view.session ? (
        <>
          <Suspense fallback={<Spinner />}>
            <StripeEmbeddedCheckout
              publishableKey={view.config.publishableKey}
              clientSecret={view.session.clientSecret}
              loadStripe={loadStripe}
              onComplete={view.stripeCompleted}
            />
          </Suspense>
          <Button variant="secondary" onClick={view.cancel}>{t`Cancel payment`}</Button>
        </>
      ) : null}
      <Outcome view={view} />
    </main>
  );
}

function Amount({ view }: { view: CheckoutView }) {
  const { t, i18n } = useLingui();
  const amount = formatMoney(view.session!.amountTotal, view.session!.currency, i18n.locale);
  return <p className={styles.total}>{t`To pay: ${amount}`}</p>;
}

function Outcome({ view }: { view: CheckoutView }) {
  const { t, i18n } = useLingui();
  switch (view.status) {
    case 'completed':
      return (
        <section role="status" aria-label={t`Order confirmed`} className={styles.actions}>
          <h2>{t`Thank you for your order!`}</h2>
          {view.orderReference ? <p>{t`Order number: ${view.orderReference}`}</p> : null}
          <p>{t`We have sent the confirmation to your e-mail.`}</p>
          <AppLink href="/more/orderHistory" className={styles.link}>{t`See your orders`}</AppLink>
        </section>
      );
    case 'refunded':
      return (
        <section role="alert" className={styles.actions}>
          <p>{t`The tickets sold out before your payment arrived. Your payment is refunded; we have sent you an e-mail about it.`}</p>
          <AppLink href="/" className={styles.link}>{t`Back to the offers`}</AppLink>
        </section>
      );
    case 'cancelled':
      return (
        <section role="status" className={styles.actions}>
          <p>{i18n._(paymentCancelled)}</p>
          <Button onClick={view.retry}>{t`Start the payment again`}</Button>
          <AppLink href="/" className={styles.link}>{t`Back to the offers`}</AppLink>
        </section>
      );
    case 'failed':
      return (
        <section role="alert" className={styles.actions}>
          <p>{failureText(view, i18n)}</p>
          {view.canRetry ? (
            <Button onClick={view.retry}>{t`Try again`}</Button>
          ) : (
            <AppLink href={view.backPath} className={styles.link}>
              {view.backPath === '/' ? t`Back to the offers` : t`Back to the offer`}
            </AppLink>
          )}
        </section>
      );
    default:
      return null;
  }
}

/** Why the checkout cannot go on, in the member's words; the hold ceiling with the values it came with. */
function failureText(view: CheckoutView, i18n: ReturnType<typeof useLingui>['i18n']): string {
  if (view.errorCode !== 'checkout/hold-limit-reached') return i18n._(checkoutMessage(view.errorCode ?? 'unknown'));
  const clock = (ms: number) => formatClockTime(ms, i18n.locale);
  return holdLimitMessages(view.errorFacts, clock)
    .map((sentence) => i18n._(sentence))
    .join(' ');
}
