import { Elements } from '@stripe/react-stripe-js';
import { useState, type ReactNode } from 'react';
import { loadPaymentProvider, type PaymentProviderConfig } from './load-payment-provider';

/** Card elements context for one payment screen; Stripe.js is loaded when this first mounts. */
export function PaymentProvider({
  config,
  children,
}: {
  config: PaymentProviderConfig;
  children: ReactNode;
}) {
  // Elements must receive the same promise for its whole life; it cannot change the `stripe` prop later. On the
  // server there is no Stripe.js to load: Elements takes null there, and the card field mounts in the browser.
  const [stripePromise] = useState(() =>
    typeof window === 'undefined' ? null : loadPaymentProvider(config),
  );
  return <Elements stripe={stripePromise}>{children}</Elements>;
}
