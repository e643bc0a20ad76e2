import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import { API_MESSAGES, API_ROUTES, type ApiRouteKey, type ApiRouteTypes } from '@agency/domain';
import type { BodyRouteKey, QueryRouteKey } from '@agency/domain/request-contract';
import type { AppEnv, Caller } from './app-env';
import { HttpError } from './http-error';
import { readBody, readJsonObject, readQuery, type RequestBody, type RequestQuery } from './read-body';

type Access<K extends ApiRouteKey> = (typeof API_ROUTES)[K]['access'];

export interface RouteContext<K extends ApiRouteKey> {
  c: Context<AppEnv>;
  caller: Access<K> extends 'public' ? Caller | undefined : Caller;
  log: Logger;
  /** The JSON body, read with this route's schema (the request table, GET /api/contract): 400 when invalid. */
  readBody: K extends BodyRouteKey ? () => Promise<RequestBody<K>> : never;
  /** The query, read with this route's schema: 400 when invalid. */
  readQuery: K extends QueryRouteKey ? () => Promise<RequestQuery<K>> : never;
}

export interface RouteOptions {
  successStatus?: 200 | 201;
  middleware?: MiddlewareHandler<AppEnv>[];
  /** Where `app` is mounted, e.g. '/api' for a sub-app passed to `app.route('/api', sub)`. */
  mountedAt?: string;
}

// Serialising a list is most of what a cached read costs, so frozen responses keep their JSON (and each
// compressed form of it): a route that answers from Database.readThrough wraps the cached data with
// cachedResponse() and is serialised and compressed once per data version instead of once per request.
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

/** Bodies smaller than this go as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;
type Encoding = 'br' | 'gzip';
const compressedCache = new WeakMap<object, Partial<Record<Encoding, Buffer>>>();

function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

function compress(json: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(json, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      })
    : gzipSync(json, { level: 5 });
}

/** The JSON body, compressed (gzip or brotli, as the client accepts) when it is large enough to gain. */
function encodeBody(
  body: object,
  acceptEncoding: string | undefined,
): { data: string | Buffer; encoding: Encoding | null } {
  const json = toJson(body);
  const encoding = json.length >= COMPRESS_FROM_BYTES ? preferredEncoding(acceptEncoding) : null;
  if (!encoding) return { data: json, encoding: null };
  if (!Object.isFrozen(body)) return { data: compress(json, encoding), encoding };
  let forms = compressedCache.get(body);
  if (!forms) compressedCache.set(body, (forms = {}));
  return { data: (forms[encoding] ??= compress(json, encoding)), encoding };
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
      // Two-factor sign-in (app.ts sets secondFactor for admins): an aal1 session of an admin who has a factor,
      // or an admin without one after the grace period.
      if (spec.access === 'admin' && caller.secondFactor && caller.secondFactor !== 'ok')
        throw new HttpError(
          403,
          caller.secondFactor === 'code-needed'
            ? API_MESSAGES.adminSecondFactorNeeded
            : API_MESSAGES.adminSecondFactorSetupNeeded,
        );
      if (spec.access === 'client' && caller.role === 'ADMIN')
        throw new HttpError(403, API_MESSAGES.clientOnly);
    }
    // Whatever the route reads, a body that is not a JSON object is a 400, before the handler runs.
    if (spec.method !== 'GET') await readJsonObject(c);
    const body = await handler({
      c,
      caller: caller as RouteContext<K>['caller'],
      log: c.get('log'),
      // Bound to this route: a handler cannot read its request with another route's schema.
      readBody: (() => readBody(c, key as BodyRouteKey)) as RouteContext<K>['readBody'],
      readQuery: (() => readQuery(key as QueryRouteKey, c.req.query())) as RouteContext<K>['readQuery'],
    });
    if (body instanceof Response) return body;
    const { data, encoding } = encodeBody(body as object, c.req.header('accept-encoding'));
    if (!encoding)
      return c.body(data as string, options.successStatus ?? 200, { 'content-type': 'application/json' });
    c.header('Vary', 'Accept-Encoding', { append: true });
    return c.body(new Uint8Array(data as Buffer), options.successStatus ?? 200, {
      'content-type': 'application/json',
      'content-encoding': encoding,
    });
  });
}
