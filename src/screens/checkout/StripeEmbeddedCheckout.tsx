import { useMemo } from 'react';
import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';

export interface StripeEmbeddedCheckoutProps {
  publishableKey: string;
  clientSecret: string;
  loadStripe: (publishableKey: string) => Promise<Stripe | null>;
  onComplete: () => void;
}

/** Stripe's embedded Checkout for the session (PROTOCOLS: `redirect_on_completion: 'never'`, so `onComplete` fires). */
export default function StripeEmbeddedCheckout({ publishableKey, clientSecret, loadStripe, onComplete }: StripeEmbeddedCheckoutProps) {
  const stripe = useMemo(() => loadStripe(publishableKey), [loadStripe, publishableKey]);
  return (
    <EmbeddedCheckoutProvider stripe={stripe} options={{ clientSecret, onComplete }}>
      <EmbeddedCheckout />
    </EmbeddedCheckoutProvider>
  );
}
