import { createHmac } from 'node:crypto';

/** Stripe's signature scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export function signWebhookPayload(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface WebhookDeliveryOptions {
  url: string | undefined;
  secret: string;
  /** Delays before each retry after a failed attempt. */
  retryDelaysMs?: number[];
  log?: (message: string) => void;
}

/** Posts each event at once (like Stripe, without ordering guarantees), retrying a few times on failure. */
export function createWebhookDelivery({
  url: initialUrl,
  secret,
  retryDelaysMs = [250, 1000, 3000, 10000],
  log,
}: WebhookDeliveryOptions) {
  let url = initialUrl;
  const inFlight = new Set<Promise<void>>();
  let stopped = false;

  async function attempt(payload: string): Promise<boolean> {
    try {
      const response = await fetch(url!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signWebhookPayload(payload, secret),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      return response.ok;
    } catch {
      return false;
    }
  }

  async function deliver(eventId: string, payload: string): Promise<void> {
    for (let i = 0; i <= retryDelaysMs.length && !stopped; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[i - 1]).unref());
      if (await attempt(payload)) return;
    }
    log?.(`webhook ${eventId} not delivered to ${url}`);
  }

  return {
    setUrl(next: string | undefined): void {
      url = next;
    },
    enqueue(eventId: string, payload: string): void {
      if (!url || stopped) return;
      const delivery = deliver(eventId, payload).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    /** Resolves once every event sent so far was delivered or given up. */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    stop(): void {
      stopped = true;
    },
  };
}
