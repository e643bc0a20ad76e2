export { loadPaymentProvider, type PaymentProviderConfig } from './load-payment-provider';
export { PaymentProvider } from './payment-provider';
export { CardField, type CardFieldProps, type CardFieldState } from './card-field';
export {
  useConfirmCardPayment,
  useCreatePaymentMethod,
  type BillingDetails,
  type CardPaymentResult,
  type PaymentMethodResult,
  type StripeFailure,
} from './use-card-payment';
export { PAYMENT_MESSAGES } from '@agency/domain/payments-messages';
export { waitForPurchase, newPaymentAttemptKey, type PurchaseOutcome } from './wait-for-purchase';
