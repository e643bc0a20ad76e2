import { useEffect } from 'react';
import { getAppConfig } from '@agency/app-config';
import { findPurchasableTier } from '@agency/domain';
import { CHECKOUT_MESSAGES } from '@agency/domain/messages/checkout';
import { PaymentProvider } from '@agency/payments';
import { useParams } from '@agency/router';
import { ServiceNotFound } from '../../../components/service-not-found';
import { trackPurchasePageView } from '@agency/tracking';
import { PurchaseCheckout } from './purchase-checkout';

const m = CHECKOUT_MESSAGES.purchase;

/** /purchase/{tierId}: direct purchase of tier 1 or 2 (exposed module). */
export default function PurchasePage() {
  const { tierId } = useParams();
  const tier = findPurchasableTier(tierId);

  useEffect(() => {
    if (tier) trackPurchasePageView({ tierId: tier.id, tierName: tier.name, value: tier.costDollars });
  }, [tier]);

  if (!tier)
    return (
      <ServiceNotFound
        title={m.serviceNotFoundTitle}
        description={m.serviceNotFoundDescription}
        action={m.backToHome}
      />
    );

  const { stripePublishableKey, stripeJsUrl } = getAppConfig();
  return (
    <PaymentProvider config={{ publishableKey: stripePublishableKey, stripeJsUrl: stripeJsUrl ?? null }}>
      <PurchaseCheckout key={tier.id} tier={tier} />
    </PaymentProvider>
  );
}
