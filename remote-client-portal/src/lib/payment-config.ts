import { getAppConfig } from '@agency/app-config';
import type { PaymentProviderConfig } from '@agency/payments';

export function paymentConfig(): PaymentProviderConfig {
  const { stripePublishableKey, stripeJsUrl } = getAppConfig();
  return { publishableKey: stripePublishableKey, stripeJsUrl: stripeJsUrl ?? null };
}
