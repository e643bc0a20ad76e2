import assert from 'node:assert/strict';
import type { RunningProduct } from './product';

/** The body of an answer that must be 2xx; otherwise the test fails with its status and text. */
export async function expectOk<T>(response: Response, what: string): Promise<T> {
  assert.ok(response.ok, `${what}: ${response.status} ${response.ok ? '' : await response.clone().text()}`);
  return (await response.json()) as T;
}

/** A request to the product's API, as the holder of `token` (none: anonymous); the raw response. */
export function call(
  product: RunningProduct,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${product.env.API_URL}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

/** A request to the product's API that must succeed; its JSON body. */
export async function api<T>(
  product: RunningProduct,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  return expectOk<T>(await call(product, token, method, path, body), `${method} ${path}`);
}

/** Polls until `check` returns a value (webhooks reach the API through a job, a second or two later). */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
