import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import { API_MESSAGES, API_ROUTES, type ApiRouteKey, type ApiRouteTypes } from '@agency/domain';
import type { AppEnv, Caller } from './app-env';
import { HttpError } from './http-error';

type Access<K extends ApiRouteKey> = (typeof API_ROUTES)[K]['access'];

export interface RouteContext<K extends ApiRouteKey> {
  c: Context<AppEnv>;
  caller: Access<K> extends 'public' ? Caller | undefined : Caller;
  log: Logger;
}

export interface RouteOptions {
  successStatus?: 200 | 201;
  middleware?: MiddlewareHandler<AppEnv>[];
  /** Where `app` is mounted, e.g. '/api' for a sub-app passed to `app.route('/api', sub)`. */
  mountedAt?: string;
}

// Serialising a list is most of what a cached read costs, so frozen responses keep their JSON: a route that
// answers from Database.readThrough wraps the cached data with cachedResponse() and is serialised once per
// data version instead of once per request.
const serialized = new WeakMap<object, string>();
function toJson(body: object): string {
  if (!Object.isFrozen(body)) return JSON.stringify(body);
  let json = serialized.get(body);
  if (json === undefined) {
    json = JSON.stringify(body);
    serialized.set(body, json);
  }
  return json;
}

/** Wraps cached data into one frozen response per data object, e.g. `cachedResponse((projects) => ({ projects }))`. */
export function cachedResponse<T extends object, R extends object>(
  wrap: (data: T) => R,
): (data: T) => Readonly<R> {
  const responses = new WeakMap<T, Readonly<R>>();
  return (data) => {
    let response = responses.get(data);
    if (!response) responses.set(data, (response = Object.freeze(wrap(data))));
    return response;
  };
}

/**
 * Mounts one route of the contract with the access rule the contract gives it: signed-in routes answer 401
 * without a valid token, admin routes 403 to clients, client routes 403 to the admin.
 */
export function defineRoute<K extends ApiRouteKey>(
  app: Hono<AppEnv>,
  key: K,
  /** The response body (serialised as JSON), or a Response of its own (a stream). */
  handler: (ctx: RouteContext<K>) => Promise<ApiRouteTypes[K]['response'] | Response>,
  options: RouteOptions = {},
): void {
  const spec = API_ROUTES[key];
  const path = options.mountedAt ? spec.path.slice(options.mountedAt.length) : spec.path;
  app.on(spec.method, [path], ...(options.middleware ?? []), async (c) => {
    const caller = c.get('caller');
    if (spec.access !== 'public') {
      if (!caller) {
        const sentToken = c.req.header('authorization') !== undefined;
        throw new HttpError(401, sentToken ? API_MESSAGES.invalidToken : API_MESSAGES.unauthenticated);
      }
      if (spec.access === 'admin' && caller.role !== 'ADMIN')
        throw new HttpError(403, API_MESSAGES.adminOnly);
      if (spec.access === 'client' && caller.role === 'ADMIN')
        throw new HttpError(403, API_MESSAGES.clientOnly);
    }
    const body = await handler({ c, caller: caller as RouteContext<K>['caller'], log: c.get('log') });
    if (body instanceof Response) return body;
    return c.body(toJson(body as object), options.successStatus ?? 200, {
      'content-type': 'application/json',
    });
  });
}
