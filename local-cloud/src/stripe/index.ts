export {
  createStripeService,
  startStripeService,
  type StripeService,
  type StripeServiceOptions,
} from './stripe-service';
export { signWebhookPayload } from './webhook-delivery';
export { buildStripeJsScript } from './stripe-js-script';
