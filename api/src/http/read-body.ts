import type { Context } from 'hono';
import { ValidationError, type AnySchema, type InferType } from 'yup';
import { API_MESSAGES } from '@agency/domain';
import { HttpError } from './http-error';

/** Parses the JSON body and validates it with a shared schema: 400 with `fields` when invalid. */
export async function readBody<S extends AnySchema>(c: Context, schema: S): Promise<InferType<S>> {
  const text = await c.req.text();
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new HttpError(400, API_MESSAGES.malformedJson);
  }
  return validate(schema, body);
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
