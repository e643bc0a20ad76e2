import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { routePath } from 'hono/route';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { API_MESSAGES } from '@agency/domain';
import { createServices, type AppDeps, type AppServices } from './app-deps';
import { registerConsultationRoutes } from './features/consultations/routes';
import { registerContactRoutes } from './features/contact/routes';
import { registerContractRoutes } from './features/contract/routes';
import { registerRemoteHealthRoutes } from './features/remote-health/routes';
import { PaymentError } from './money/types';
import { paymentsRoutes } from './features/payments/routes';
import { registerProjectRoutes } from './features/projects/routes';
import { registerTicketRoutes } from './features/tickets/routes';
import { registerUserRoutes } from './features/users/routes';
import { registerLiveRoutes } from './features/live/routes';
import { registerInboxRoutes } from './features/inbox/routes';
import { registerFileRoutes } from './features/files/routes';
import { registerConversationRoutes } from './features/conversations/routes';
import { registerProposalRoutes } from './features/proposals/routes';
import type { AppEnv, Caller } from './http/app-env';
import { HttpError } from './http/http-error';
import { registerOpsRoutes } from './ops/ops-routes';
import { registerTestClockRoutes } from './ops/test-clock';
import { clockedJobs } from './workers';
import { logContext } from './ops/log-context';
import { bearerToken } from './http/access-token';
import { adminSecondFactor } from './features/users/admin-second-factor';

const REQUEST_ID = /^[\w-]{1,64}$/;

export function createApp(deps: AppDeps, services: AppServices = createServices(deps)): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = deps.logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    c.header('x-request-id', requestId);
    // Draining: the connection closes after this answer, so a proxy's kept-alive connection sends nothing more.
    if (deps.ops.lifecycle.draining) c.header('connection', 'close');
    const started = performance.now();
    await logContext.run({ requestId }, next);
    const ms = performance.now() - started;
    log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(ms) }, 'request');
    deps.ops.metrics.request(c.req.method, routePath(c, -1), c.res.status, ms / 1000);
  });

  // Preflights go through hono's cors middleware. For the requests themselves it would write its headers
  // to c.res before the route runs and append Vary after it, and either makes Hono rebuild the finished
  // response (on @hono/node-server a full fetch Response and body stream per request: the largest cost in
  // the list benchmark). The same three headers are prepared here instead, before the response exists.
  const allowedOrigin = (origin: string | undefined) =>
    origin && deps.config.allowedOrigins.includes(origin) ? origin : null;
  const preflight = cors({
    origin: allowedOrigin,
    allowMethods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: [
      'authorization',
      'content-type',
      'x-request-id',
      'x-client-info',
      'apikey',
      'idempotency-key',
      'last-event-id',
    ],
    maxAge: 600,
  });
  const exposedHeaders = [
    'x-request-id',
    'retry-after',
    'ratelimit-limit',
    'ratelimit-remaining',
    'ratelimit-reset',
    // A document's file name (the signed agreement's PDF), read by the portal that saves it.
    'content-disposition',
  ].join(',');
  app.use('*', (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    const origin = allowedOrigin(c.req.header('origin'));
    if (origin) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Expose-Headers', exposedHeaders);
    }
    c.header('Vary', 'Origin');
    return next();
  });
  app.use('*', secureHeaders({ crossOriginResourcePolicy: 'cross-origin' }));

  registerOpsRoutes(app, { db: deps.db, ...deps.ops });
  registerTestClockRoutes(app, {
    enabled: deps.config.testClock,
    metricsToken: deps.ops.metricsToken,
    jobs: clockedJobs(services),
  });

  // hono's bodyLimit reads c.req.raw.body first, which on @hono/node-server builds a full fetch Request (and
  // moves the body onto a web stream) for every call. A declared Content-Length is checked as is (Node's
  // parser never delivers more than it declares); only chunked bodies go through bodyLimit, which counts them.
  const tooLarge = (c: Context<AppEnv>) => c.json({ error: API_MESSAGES.bodyTooLarge }, 413);
  const limitChunkedBody = bodyLimit({ maxSize: deps.config.maxBodyBytes, onError: tooLarge });
  app.use('/api/*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const declared = c.req.header('content-length');
    if (declared === undefined || c.req.header('transfer-encoding')) return limitChunkedBody(c, next);
    return Number(declared) > deps.config.maxBodyBytes ? Promise.resolve(tooLarge(c)) : next();
  });

  // Attach the caller when the bearer token verifies; routes decide whether one is required.
  app.use('/api/*', async (c, next) => {
    let caller: Caller | undefined;
    const token = bearerToken(c.req.header('authorization'));
    if (token) {
      let claims;
      try {
        claims = await deps.verifyAccessToken(token);
      } catch (error) {
        c.get('log').debug({ err: error }, 'access token rejected');
      }
      if (claims) caller = await deps.users.resolveCaller(claims);
      const policy = deps.config.adminSecondFactor;
      if (claims && caller?.role === 'ADMIN' && policy)
        caller = { ...caller, secondFactor: adminSecondFactor(claims, policy) };
    }
    c.set('caller', caller);
    await next();
  });

  registerContactRoutes(app, deps);
  registerConsultationRoutes(app, deps);
  registerProjectRoutes(app, deps, services);
  registerTicketRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerLiveRoutes(app, deps, services.live);
  registerInboxRoutes(app, deps);
  registerFileRoutes(app, deps, deps.fileStorage);
  registerContractRoutes(app);
  registerRemoteHealthRoutes(app, deps);
  registerConversationRoutes(app, deps);
  registerProposalRoutes(app, deps);
  app.route('/api', paymentsRoutes(deps, services));

  app.notFound((c) => c.json({ error: API_MESSAGES.routeNotFound }, 404));

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      return c.json(
        error.fields ? { error: error.message, fields: error.fields } : { error: error.message },
        error.status,
      );
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
