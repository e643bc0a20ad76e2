import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { MAX_REQUEST_BODY_BYTES } from '@agency/domain';
import { AuthError } from './auth-errors';
import { createAuthContext, type AuthServiceOptions } from './auth-context';
import { registerAccountRoutes } from './account-routes';
import { registerAdminRoutes } from './admin-routes';
import { registerMfaRoutes } from './mfa-routes';

export type { AuthMail, AuthServiceOptions } from './auth-context';

const API_VERSION = '2024-01-01';

/**
 * A GoTrue-compatible auth service for running offline: the real @supabase/supabase-js signs up, confirms by
 * mail, signs in, refreshes, reads and updates the user, signs out and recovers passwords against it.
 */
export function createAuthService(options: AuthServiceOptions): Hono {
  const ctx = createAuthContext(options);
  const { logger } = options;
  const app = new Hono();

  app.use(
    '*',
    cors({
      origin: (origin) => (options.allowedOrigins.includes(origin) ? origin : null),
      allowHeaders: ['apikey', 'authorization', 'content-type', 'x-client-info', 'x-supabase-api-version'],
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['x-supabase-api-version'],
      credentials: true,
      maxAge: 600,
    }),
  );
  app.use('*', async (c, next) => {
    await next();
    c.header('x-supabase-api-version', API_VERSION);
  });
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_REQUEST_BODY_BYTES,
      onError: (c) => c.json({ code: 'validation_failed', msg: 'Request body too large' }, 413),
    }),
  );

  app.onError((error, c) => {
    if (error instanceof AuthError) {
      return c.json(
        { code: error.code, error_code: error.code, msg: error.message, ...error.extra },
        error.status,
      );
    }
    logger.error({ err: error }, 'auth service error');
    return c.json({ code: 'unexpected_failure', msg: 'Unexpected failure' }, 500);
  });

  const v1 = new Hono();
  registerAccountRoutes(v1, ctx);
  registerMfaRoutes(v1, ctx);
  registerAdminRoutes(v1, ctx);
  app.route('/auth/v1', v1);
  app.notFound((c) => c.json({ code: 'not_found', msg: 'Not found' }, 404));
  return app;
}
