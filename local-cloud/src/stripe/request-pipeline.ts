// Every /v1 call of the Stripe stand-in goes through `route`: the key decides what it may call, a POST with an
// Idempotency-Key replays its first answer, an injected fault fails it, and `expand[]` fills in objects.
import type { Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { stringify as canonicalJson } from 'safe-stable-stringify';
import { parseFormBody, type FormObject } from './form-body';
import { list, text } from './params';
import { API_VERSION, type KeyKind, type Route, type StripeServiceOptions } from './stripe-context';
import { StripeApiError } from './stripe-errors';
import { newId, type StripeStore } from './stripe-store';

export function createRequestPipeline(app: Hono, store: StripeStore, options: StripeServiceOptions) {
  app.use(
    '/v1/*',
    cors({
      origin: (origin) => (options.allowedOrigins.includes(origin) ? origin : null),
      allowHeaders: ['authorization', 'content-type', 'idempotency-key', 'stripe-version'],
      allowMethods: ['GET', 'POST', 'DELETE'],
      maxAge: 600,
    }),
  );

  function keyKindOf(c: Context, params: FormObject): KeyKind | undefined {
    const bearer =
      c.req.header('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1] ??
      c.req.header('authorization')?.match(/^Basic\s+(.+)$/i)?.[1];
    const key = bearer ?? text(params, 'key');
    if (key === options.secretKey) return 'secret';
    if (key === options.publishableKey) return 'publishable';
    return undefined;
  }

  function respondWithError(c: Context, error: unknown) {
    if (error instanceof StripeApiError) return c.json({ error: error.body }, error.status);
    options.log?.(`stripe stand-in error: ${error instanceof Error ? error.stack : String(error)}`);
    return c.json({ error: { type: 'api_error', message: 'An unknown error occurred' } }, 500);
  }

  /** Stripe's `expand[]`: each path's ids replaced by their objects, nested paths too; a list's `data.` paths apply to each item. */
  function expand(value: unknown, paths: string[]): unknown {
    if (!value || typeof value !== 'object' || paths.length === 0) return value;
    const copy = structuredClone(value) as Record<string, unknown>;
    if (copy.object === 'list' && Array.isArray(copy.data)) {
      const itemPaths = paths.filter((path) => path.startsWith('data.')).map((path) => path.slice(5));
      copy.data = copy.data.map((item) => expand(item, itemPaths));
      return copy;
    }
    const byField = new Map<string, string[]>();
    for (const path of paths) {
      const [field, ...rest] = path.split('.');
      byField.set(field!, [...(byField.get(field!) ?? []), ...(rest.length ? [rest.join('.')] : [])]);
    }
    for (const [field, rest] of byField) {
      const id = copy[field];
      const object = typeof id === 'string' ? store.state.objects[id] : id;
      if (object && typeof object === 'object') copy[field] = expand(structuredClone(object), rest);
    }
    return copy;
  }

  /** Test hook (see injectFault): calls of `METHOD /path` that fail with a 500 api_error, before or after their work. */
  const faults = new Map<string, { times: number; when: 'before' | 'after' }>();
  function takeFault(routeKey: string): 'before' | 'after' | undefined {
    const fault = faults.get(routeKey);
    if (!fault || fault.times <= 0) return undefined;
    if (--fault.times === 0) faults.delete(routeKey);
    return fault.when;
  }
  const faultResponse = (c: Context) => {
    // The SDK would retry a 500 on its own; Stripe sends this header when a retry cannot help.
    c.header('stripe-should-retry', 'false');
    return c.json(
      { error: { type: 'api_error', message: 'Injected fault: Stripe had a problem with this request.' } },
      500,
    );
  };

  const route: Route = (method, path, handler, { publishable = false } = {}) => {
    app.on(method, path, async (c) => {
      const params: FormObject =
        method === 'GET'
          ? parseFormBody(new URL(c.req.url).search.slice(1))
          : parseFormBody(await c.req.text());
      const keyKind = keyKindOf(c, params);
      const refuseKey = (message: string) =>
        c.json({ error: { type: 'invalid_request_error', message } }, 401);
      if (!keyKind) return refuseKey('Invalid API Key provided. Use the local secret or publishable key.');
      if (keyKind === 'publishable' && !publishable)
        return refuseKey(
          'This API call cannot be made with a publishable API key. Please use a secret API key.',
        );
      const idempotencyKey = method === 'POST' ? c.req.header('idempotency-key') : undefined;
      const replayKey = idempotencyKey ? `${keyKind}:${idempotencyKey}` : undefined;
      // Stripe compares the parameters a key was first used with as parameters, not as the order they were encoded in.
      const fingerprint = `${method} ${c.req.path} ${canonicalJson(params)}`;
      if (replayKey) {
        const stored = store.state.idempotentResponses[replayKey];
        if (stored && stored.fingerprint !== fingerprint) {
          return c.json(
            {
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
            },
            400,
          );
        }
        if (stored) {
          c.header('idempotent-replayed', 'true');
          return c.json(stored.body, stored.status as 200);
        }
      }
      const fault = takeFault(`${method} ${path}`);
      if (fault === 'before') return faultResponse(c);
      let status = 200;
      let body: unknown;
      try {
        body = expand(
          handler({ keyKind, params, idempotencyKey }, c.req.param() as Record<string, string>),
          list(params, 'expand'),
        );
      } catch (error) {
        if (!(error instanceof StripeApiError)) return respondWithError(c, error);
        status = error.status;
        body = { error: error.body };
      }
      if (replayKey) {
        store.state.idempotentResponses[replayKey] = { fingerprint, status, body };
        store.changed();
      }
      // The work is done (and replayable with the same key) but the answer is lost on the way back.
      if (fault === 'after') return faultResponse(c);
      c.header('request-id', newId('req', 14));
      c.header('stripe-version', API_VERSION);
      return c.json(body, status as 200);
    });
  };

  return {
    route,
    respondWithError,
    /**
     * Makes the next `times` calls of a route (e.g. 'POST /v1/refunds') fail with a 500: 'before' their
     * work (nothing happened) or 'after' it (it happened, the answer was lost). For failure tests.
     */
    injectFault(
      routeKey: string,
      { times = 1, when = 'before' }: { times?: number; when?: 'before' | 'after' } = {},
    ): void {
      faults.set(routeKey, { times, when });
    },
    clearFaults(): void {
      faults.clear();
    },
  };
}
