import type { Context } from 'hono';
import { ValidationError, type AnySchema, type InferType } from 'yup';
import { API_MESSAGES } from '@agency/domain';
import {
  bodySchema,
  querySchema,
  type BodyRouteKey,
  type BodySchema,
  type QueryRouteKey,
  type QuerySchema,
} from '@agency/domain/request-contract';
import { HttpError } from './http-error';

/** What a route's body and query are once read. */
export type RequestBody<K extends BodyRouteKey> = InferType<BodySchema<K>>;
export type RequestQuery<K extends QueryRouteKey> = InferType<QuerySchema<K>>;

/**
 * Parses the JSON body of `route` and validates it with the route's schema in the shared request table (what
 * GET /api/contract publishes): 400 with `fields` when invalid. Routes get it bound to themselves
 * (RouteContext.readBody); a helper shared by two paths of one route calls it with the route's key.
 */
export async function readBody<K extends BodyRouteKey>(c: Context, route: K): Promise<RequestBody<K>> {
  return validate(bodySchema(route), await readJsonObject(c));
}

/**
 * The JSON body as an object: an empty body is `{}`; malformed JSON, and JSON that is not an object (`null`,
 * a number, a string, an array), are a 400. Every route that is not a GET reads its body through this, also a
 * route that takes none (define-route.ts), so no handler or middleware meets a body of another shape.
 */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new HttpError(400, API_MESSAGES.malformedJson);
  }
  if (!isJsonObject(body)) throw new HttpError(400, API_MESSAGES.bodyNotObject);
  return body;
}

export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Validates the query of `route` with the route's schema in the shared request table: 400 when invalid. */
export function readQuery<K extends QueryRouteKey>(
  route: K,
  query: Record<string, string>,
): Promise<RequestQuery<K>> {
  return validate(querySchema(route), query);
}

export async function validate<S extends AnySchema>(schema: S, value: unknown): Promise<InferType<S>> {
  try {
    return (await schema.validate(value, { abortEarly: false, strict: true })) as InferType<S>;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const fields: Record<string, string> = {};
    for (const issue of error.inner.length ? error.inner : [error]) {
      const key = issue.path || '_';
      fields[key] ??= issue.message;
    }
    throw new HttpError(400, error.inner[0]?.message ?? error.message, fields);
  }
}
