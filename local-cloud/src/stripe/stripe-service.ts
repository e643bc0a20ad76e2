import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { createRequestPipeline } from './request-pipeline';
import { API_VERSION, createStripeContext, type StripeServiceOptions } from './stripe-context';
import { buildStripeJsScript } from './stripe-js-script';
import { createStripeStore } from './stripe-store';
import { registerBilling } from './resources/billing';
import { registerCustomers } from './resources/customers';
import { createEventLog, registerEvents } from './resources/events';
import { registerPaymentIntents } from './resources/payment-intents';
import { registerPaymentMethods } from './resources/payment-methods';
import { registerProductsAndPrices, seedSubscriptionPrices } from './resources/products-prices';
import { registerRefunds } from './resources/refunds';
import { registerSetupIntents } from './resources/setup-intents';

export type { StripeServiceOptions } from './stripe-context';

/**
 * A Stripe-compatible HTTP service for offline runs and tests: the official `stripe` SDK talks to it via
 * `new Stripe(key, { host, port, protocol: 'http' })`, and it serves the Stripe.js stand-in at /v3/. Each
 * resource registers its routes on one context (resources/); every call goes through the request pipeline.
 */
export function createStripeService(options: StripeServiceOptions) {
  const store = createStripeStore(options.dataDir);
  const eventLog = createEventLog(store, options);
  if (options.seedPrices !== false) seedSubscriptionPrices(store);

  const app = new Hono();
  const pipeline = createRequestPipeline(app, store, options);
  const ctx = createStripeContext(store, eventLog.emit, pipeline.route);
  const paymentMethods = registerPaymentMethods(ctx);
  registerCustomers(ctx, paymentMethods);
  const paymentIntents = registerPaymentIntents(ctx, paymentMethods);
  registerRefunds(ctx);
  registerSetupIntents(ctx, paymentMethods);
  registerProductsAndPrices(ctx);
  registerBilling({ ...ctx, ...paymentIntents });
  registerEvents(ctx);

  app.get('/v3', (c) => c.redirect('/v3/'));
  for (const path of ['/v3/', '/v3/stripe.js']) {
    app.get(path, (c) => {
      c.header('content-type', 'application/javascript; charset=utf-8');
      c.header('cache-control', 'no-cache');
      return c.body(buildStripeJsScript({ apiBase: options.publicUrl ?? new URL(c.req.url).origin }));
    });
  }
  app.get('/', (c) =>
    c.json({ service: 'local Stripe-compatible API', stripeJs: '/v3/', apiVersion: API_VERSION }),
  );
  app.notFound((c) =>
    c.json(
      {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${c.req.method}: ${c.req.path}).`,
        },
      },
      404,
    ),
  );
  app.onError((error, c) => pipeline.respondWithError(c, error));

  return {
    app,
    setWebhookUrl: eventLog.setWebhookUrl,
    /** Re-sends an event, as `stripe events resend` does (tests use it for duplicate deliveries). */
    resendEvent: (eventId: string): void => eventLog.resend(ctx.mustGet(eventId, 'event')),
    events: eventLog.events,
    webhooksIdle: eventLog.webhooksIdle,
    injectFault: pipeline.injectFault,
    clearFaults: pipeline.clearFaults,
    completeAuthentication: paymentIntents.completeAuthentication,
    close(): void {
      eventLog.stop();
      store.saveNow();
    },
  };
}

export type StripeService = ReturnType<typeof createStripeService>;

/** Starts the service on a port (0 picks a free one); `url` is its base URL. */
export async function startStripeService(
  options: StripeServiceOptions & { port: number; hostname?: string },
) {
  const service = createStripeService(options);
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve(
      {
        fetch: service.app.fetch,
        port: options.port,
        ...(options.hostname && { hostname: options.hostname }),
      },
      () => resolve(started),
    );
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    ...service,
    port,
    url: `http://127.0.0.1:${port}`,
    async stop(): Promise<void> {
      service.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
