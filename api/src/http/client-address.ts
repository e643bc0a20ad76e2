import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The caller's address: from the socket, or behind a trusted proxy the address that proxy saw. The proxy
 * appends it to X-Forwarded-For (nginx's $proxy_add_x_forwarded_for), after whatever the caller sent: only the
 * last entry is the proxy's word; the ones before it are the caller's and would buy a fresh rate-limit budget
 * per request.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
