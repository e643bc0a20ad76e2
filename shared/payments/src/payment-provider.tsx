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
  // Elements must receive the same promise for its whole life; it cannot change the `stripe` prop later.
  const [stripePromise] = useState(() => loadPaymentProvider(config));
  return <Elements stripe={stripePromise}>{children}</Elements>;
}
