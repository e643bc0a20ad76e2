import type { AnyObjectSchema, InferType } from 'yup';
import type * as RequestSchemas from './request-schemas';

/**
 * Who may call a route:
 * - public: anyone; a valid token, when sent, attaches the user;
 * - signed-in: any signed-in user (a client only sees and acts on own projects; another's → 404);
 * - client: a signed-in non-admin acting on own projects (admin → 403);
 * - admin: role ADMIN only (others → 403).
 */
export type RouteAccess = 'public' | 'signed-in' | 'client' | 'admin';

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: `/api/${string}`;
  access: RouteAccess;
  /** The route names one project (in the body's projectId or the :id param) that a client must own. */
  projectScoped: boolean;
  /** Module that implements it: the money routes live in api/src/features/payments. */
  feature: 'core' | 'payments';
  /** Answers with a stream of Server-Sent Events instead of one JSON body. */
  stream?: true;
}

type Schemas = typeof RequestSchemas;
/** A request schema by its exported name (request-schemas.ts lists the modules that declare them). */
export type RequestSchemaName = {
  [K in keyof Schemas]: Schemas[K] extends AnyObjectSchema ? K : never;
}[keyof Schemas];
/** What a request schema accepts, once read. */
export type RequestOf<S extends RequestSchemaName> = InferType<Schemas[S]>;

/**
 * One route of the API, declared once (routes/*.ts): how it is called, who may call it, the schema its JSON
 * body or its query is read with (named, so browser code that only needs the path never bundles the schemas),
 * and what it answers: `response: {} as T` carries the type T only; nothing reads the value.
 */
export interface RouteEntry extends RouteSpec {
  body?: RequestSchemaName;
  query?: RequestSchemaName;
  response: unknown;
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** `{ id: string }` for `/api/projects/:id/files`: the `:name` segments of a path. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<Rest>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : unknown;

/**
 * The request and response types of one route: `params` fill the path's `:name` segments, `body` and `query`
 * are what their schemas accept (a query whose fields are all optional may be left out).
 */
export type RouteTypes<E extends RouteEntry> = Simplify<
  (unknown extends PathParams<E['path']> ? unknown : { params: Simplify<PathParams<E['path']>> }) &
    (E extends { body: infer S extends RequestSchemaName } ? { body: RequestOf<S> } : unknown) &
    (E extends { query: infer S extends RequestSchemaName }
      ? Record<string, never> extends RequestOf<S>
        ? { query?: RequestOf<S> }
        : { query: RequestOf<S> }
      : unknown) & { response: E['response'] }
>;

/**
 * Per route (`POST /api/client-approve-project`), the fields it accepts in its body or query, nested ones as
 * `metadata.type`, sorted (request-contract.ts). A remote's release may send only what the running API takes.
 */
export type RequestContract = Record<string, { body?: string[]; query?: string[] }>;

/** Fill `:name` segments of a route path. */
export function routePath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
