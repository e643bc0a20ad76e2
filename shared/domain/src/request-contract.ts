import type { AnyObjectSchema, SchemaDescription, SchemaFieldDescription } from 'yup';
import { API_ROUTES, type ApiRouteKey, type RequestContract } from './api-contract';
import type { RequestSchemaName } from './route';
import * as REQUEST_SCHEMAS from './request-schemas';

/**
 * What each route of the API takes: the schema its body, or its query, is read with, as its entry in the route
 * table names it (routes/*.ts). The server reads every body and query through it (api/src/http/read-body.ts)
 * and answers unknown fields with a 400, so its field names are exactly what the running API accepts: the
 * request contract a remote's release is checked against (tools/federation/api-requests.mjs). The routes that
 * name no schema read neither (path parameters only).
 */
type Routes = typeof API_ROUTES;
/** Routes whose JSON body is read with a schema, and routes whose query is. */
export type BodyRouteKey = {
  [K in ApiRouteKey]: Routes[K] extends { body: RequestSchemaName } ? K : never;
}[ApiRouteKey];
export type QueryRouteKey = {
  [K in ApiRouteKey]: Routes[K] extends { query: RequestSchemaName } ? K : never;
}[ApiRouteKey];
/** The schema a route's body, or its query, is read with. */
export type BodySchema<K extends BodyRouteKey> = (typeof REQUEST_SCHEMAS)[Routes[K]['body']];
export type QuerySchema<K extends QueryRouteKey> = (typeof REQUEST_SCHEMAS)[Routes[K]['query']];

export const bodySchema = <K extends BodyRouteKey>(route: K) =>
  REQUEST_SCHEMAS[API_ROUTES[route].body] as BodySchema<K>;
export const querySchema = <K extends QueryRouteKey>(route: K) =>
  REQUEST_SCHEMAS[API_ROUTES[route].query] as QuerySchema<K>;

function fieldNames(description: SchemaFieldDescription, prefix = ''): string[] {
  const fields = (description as SchemaDescription & { fields?: Record<string, SchemaFieldDescription> })
    .fields;
  if (!fields) return [];
  return Object.entries(fields).flatMap(([name, field]) => [
    `${prefix}${name}`,
    ...fieldNames(field, `${prefix}${name}.`),
  ]);
}

export function requestContract(): RequestContract {
  const contract: RequestContract = {};
  for (const route of Object.values(API_ROUTES) as {
    method: string;
    path: string;
    body?: RequestSchemaName;
    query?: RequestSchemaName;
  }[]) {
    const parts = (['body', 'query'] as const).flatMap((part) => {
      const name = route[part];
      const schema: AnyObjectSchema | undefined = name && REQUEST_SCHEMAS[name];
      return schema ? [[part, fieldNames(schema.describe()).sort()] as const] : [];
    });
    if (parts.length) contract[`${route.method} ${route.path}`] = Object.fromEntries(parts);
  }
  return contract;
}
