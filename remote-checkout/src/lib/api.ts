import { getAppConfig } from '@agency/app-config';
import { getAccessToken } from '@agency/auth';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * JSON call to the product's API with the signed-in user's own access token, when there is one (never a
 * shared bearer). Throws ApiError with the server's `error` text on a non-2xx answer.
 */
export async function apiRequest<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const token = await getAccessToken();
  const response = await fetch(`${getAppConfig().apiUrl}${path}`, {
    method,
    headers: {
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
      ...(token && { Authorization: `Bearer ${token}` }),
      ...headers,
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const data = (await response.json().catch(() => null)) as (T & { error?: string }) | null;
  if (!response.ok || data === null) throw new ApiError(data?.error ?? `Request failed with status ${response.status}`, response.status);
  return data;
}
