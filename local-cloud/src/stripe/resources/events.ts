// Events and their webhooks: every change a resource makes is an event, POSTed (signed) to the webhook URL.
import { API_VERSION, type Emit, type StripeContext, type StripeServiceOptions } from '../stripe-context';
import { newId, unixNow, type StripeObject, type StripeStore } from '../stripe-store';
import { createWebhookDelivery } from '../webhook-delivery';

export function createEventLog(store: StripeStore, options: StripeServiceOptions) {
  const webhooks = createWebhookDelivery({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    ...(options.webhookRetryDelaysMs && { retryDelaysMs: options.webhookRetryDelaysMs }),
    ...(options.log && { log: options.log }),
  });

  const emit: Emit = (type, object, { idempotencyKey, previousAttributes } = {}) => {
    const event = store.put({
      id: newId('evt'),
      object: 'event',
      created: unixNow(),
      livemode: false,
      api_version: API_VERSION,
      type,
      data: {
        object: structuredClone(object),
        ...(previousAttributes && { previous_attributes: previousAttributes }),
      },
      pending_webhooks: options.webhookUrl ? 1 : 0,
      request: { id: newId('req', 14), idempotency_key: idempotencyKey ?? null },
    });
    webhooks.enqueue(event.id, JSON.stringify(event, null, 2));
    return event;
  };

  return {
    emit,
    /** Where events go from now on (a test may start the receiver after this service). */
    setWebhookUrl(url: string | undefined): void {
      options.webhookUrl = url;
      webhooks.setUrl(url);
    },
    resend(event: StripeObject): void {
      webhooks.enqueue(event.id, JSON.stringify(event, null, 2));
    },
    events(type?: string): StripeObject[] {
      return store.list('event').filter((event) => !type || event.type === type);
    },
    /** Resolves once every webhook sent so far was delivered or given up. */
    webhooksIdle: () => webhooks.idle(),
    stop: () => webhooks.stop(),
  };
}

export function registerEvents({ route, listOf, retrieve }: StripeContext): void {
  route('GET', '/v1/events', listOf('event', '/v1/events', ['type']));
  route('GET', '/v1/events/:id', retrieve('event'));
}
