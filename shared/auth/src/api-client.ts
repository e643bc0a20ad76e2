import { getAppConfig } from '@agency/app-config';
import { getAccessToken, sessionRejected } from '@agency/auth';
import { subscribeLiveEvents, type LiveEventsOptions } from './live-events';
import { API_ROUTES, routePath, type ApiRouteKey, type ApiRouteTypes } from '@agency/domain';

/** A failed API call: the HTTP status (0 when the server could not be reached) and the server's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type RouteInput<K extends ApiRouteKey> = Pick<
  ApiRouteTypes[K],
  Extract<keyof ApiRouteTypes[K], 'body' | 'params' | 'query'>
>;

/** The input argument is optional for routes that take none, or whose inputs are all optional (a list's query). */
type RouteArgs<K extends ApiRouteKey> = keyof RouteInput<K> extends never
  ? [input?: RouteInput<K>, init?: CallInit]
  : Record<string, never> extends RouteInput<K>
    ? [input?: RouteInput<K>, init?: CallInit]
    : [input: RouteInput<K>, init?: CallInit];

export interface CallInit {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export type ApiClient = {
  [K in ApiRouteKey]: (...args: RouteArgs<K>) => Promise<ApiRouteTypes[K]['response']>;
};

export interface ApiClientOptions {
  baseUrl: string;
  /** The signed-in user's own access token, or nothing when signed out (public routes only). */
  getAccessToken: () => string | null | undefined | Promise<string | null | undefined>;
  /**
   * The API refused the token a call was signed with (401): a token to repeat the call with once (the session
   * was refreshed), or nothing (the call fails with the 401).
   */
  onUnauthorized?: (token: string) => Promise<string | null | undefined>;
  fetch?: typeof fetch;
}

/** A typed client for every route of the API contract: `api.cancelProject({ body })`, `api.listProjects()`. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function call(
    key: ApiRouteKey,
    input: Partial<Record<'body' | 'params' | 'query', unknown>> = {},
    init: CallInit = {},
  ) {
    const spec = API_ROUTES[key];
    const query = input.query ? `?${new URLSearchParams(input.query as Record<string, string>)}` : '';
    const url = `${baseUrl}${routePath(spec.path, input.params as Record<string, string> | undefined)}${query}`;
    const send = async (token: string | null | undefined) => {
      const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
      if (token) headers.authorization = `Bearer ${token}`;
      if (input.body !== undefined) headers['content-type'] = 'application/json';
      try {
        return await doFetch(url, {
          method: spec.method,
          headers,
          ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
          ...(init.signal ? { signal: init.signal } : {}),
        });
      } catch (error) {
        if ((error as Error)?.name === 'AbortError') throw error;
        throw new ApiError(0, (error as Error)?.message || 'Network error');
      }
    };

    const token = await options.getAccessToken();
    let response = await send(token);
    // A refused token is refused before the route runs, so the call is repeated as it was (its idempotency key
    // included) with the renewed one.
    if (response.status === 401 && token && options.onUnauthorized) {
      const renewed = await options.onUnauthorized(token);
      if (renewed && renewed !== token) response = await send(renewed);
    }
    const text = await response.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
    if (!response.ok) {
      const body = (data ?? {}) as { error?: unknown; fields?: Record<string, string>; code?: unknown };
      const message =
        typeof body.error === 'string' ? body.error : `Request failed with status ${response.status}`;
      throw new ApiError(
        response.status,
        message,
        body.fields,
        typeof body.code === 'string' ? body.code : undefined,
      );
    }
    return data;
  }

  const client = {} as Record<ApiRouteKey, (input?: object, init?: CallInit) => Promise<unknown>>;
  for (const key of Object.keys(API_ROUTES) as ApiRouteKey[]) {
    client[key] = (input, init) => call(key, input, init);
  }
  return client as ApiClient;
}

let defaultClient: { baseUrl: string; api: ApiClient } | undefined;

/**
 * The product's API client: the configured API address, every call signed with the signed-in user's own
 * access token (never a shared bearer). getAccessToken comes through the package name so this entry uses
 * the one shared auth instance.
 */
export function apiClient(): ApiClient {
  const baseUrl = getAppConfig().apiUrl;
  if (defaultClient?.baseUrl !== baseUrl)
    defaultClient = {
      baseUrl,
      api: createApiClient({ baseUrl, getAccessToken, onUnauthorized: sessionRejected }),
    };
  return defaultClient.api;
}

/** The server's own message when it gave one, otherwise the given text for the action (spec section 8). */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (
    error instanceof ApiError &&
    error.status > 0 &&
    error.message &&
    !error.message.startsWith('Request failed')
  ) {
    return error.message;
  }
  return fallback;
}

export { subscribeLiveEvents, type LiveEventsOptions, type LiveStatus } from './live-events';

/**
 * The signed-in user's live project changes (GET /api/live), on the configured API with the user's own token.
 * Returns the function that stops following them.
 */
export function followLiveEvents(
  options: Omit<LiveEventsOptions, 'baseUrl' | 'getAccessToken' | 'onUnauthorized'>,
): () => void {
  return subscribeLiveEvents({
    baseUrl: getAppConfig().apiUrl,
    getAccessToken,
    onUnauthorized: sessionRejected,
    ...options,
  });
}
