import type { MiddlewareHandler } from 'hono';
import { rateLimiter } from 'hono-rate-limiter';
import { API_MESSAGES, type RateLimit } from '@agency/domain';
import { clientAddress } from './client-address';

/** Per-address limit on one route; 429 `{ error }` with RateLimit-* headers when exceeded. */
export function limitPerAddress(limit: RateLimit, trustProxy: boolean): MiddlewareHandler {
  return rateLimiter({
    windowMs: limit.windowMs,
    limit: limit.limit,
    standardHeaders: 'draft-6',
    keyGenerator: (c) => clientAddress(c, trustProxy),
    handler: (c) => c.json({ error: API_MESSAGES.tooManyRequests }, 429),
  });
}
