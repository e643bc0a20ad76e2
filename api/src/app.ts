import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { API_MESSAGES } from '@agency/domain';
import type { AppDeps } from './app-deps';
import { registerConsultationRoutes } from './features/consultations/routes';
import { registerContactRoutes } from './features/contact/routes';
import { PaymentError } from './features/payments/types';
import { paymentsRoutes } from './features/payments/routes';
import { registerProjectRoutes } from './features/projects/routes';
import { registerTicketRoutes } from './features/tickets/routes';
import { registerUserRoutes } from './features/users/routes';
import type { AppEnv, Caller } from './http/app-env';
import { HttpError } from './http/http-error';

const REQUEST_ID = /^[\w-]{1,64}$/;

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = deps.logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    c.header('x-request-id', requestId);
    const started = performance.now();
    await next();
    log.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  });

  app.use(
    '*',
    cors({
      origin: (origin) => (deps.config.allowedOrigins.includes(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'PATCH', 'OPTIONS'],
      allowHeaders: ['authorization', 'content-type', 'x-request-id', 'x-client-info', 'apikey', 'idempotency-key'],
      exposeHeaders: ['x-request-id', 'retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'],
      maxAge: 600,
    }),
  );
  app.use('*', secureHeaders({ crossOriginResourcePolicy: 'cross-origin' }));

  app.get('/health', (c) => c.json({ ok: true }));

  app.use(
    '/api/*',
    bodyLimit({
      maxSize: deps.config.maxBodyBytes,
      onError: (c) => c.json({ error: API_MESSAGES.bodyTooLarge }, 413),
    }),
  );

  // Attach the caller when the bearer token verifies; routes decide whether one is required.
  app.use('/api/*', async (c, next) => {
    let caller: Caller | undefined;
    const header = c.req.header('authorization');
    const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (token) {
      let claims;
      try {
        claims = await deps.verifyAccessToken(token);
      } catch (error) {
        c.get('log').debug({ err: error }, 'access token rejected');
      }
      if (claims) caller = await deps.users.resolveCaller(claims);
    }
    c.set('caller', caller);
    await next();
  });

  registerContactRoutes(app, deps);
  registerConsultationRoutes(app, deps);
  registerProjectRoutes(app, deps);
  registerTicketRoutes(app, deps);
  registerUserRoutes(app, deps);
  app.route('/api', paymentsRoutes(deps));

  app.notFound((c) => c.json({ error: API_MESSAGES.routeNotFound }, 404));

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      return c.json(error.fields ? { error: error.message, fields: error.fields } : { error: error.message }, error.status);
    }
    if (error instanceof PaymentError) {
      c.get('log').warn({ err: error }, 'payment refused');
      return c.json({ error: error.message, ...(error.code ? { code: error.code } : {}) }, error.status);
    }
    (c.get('log') ?? deps.logger).error({ err: error }, 'unhandled error');
    return c.json({ error: API_MESSAGES.internal }, 500);
  });

  return app;
}
