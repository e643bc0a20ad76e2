import { getAppConfig } from '@agency/app-config';
import { getAccessToken } from '@agency/auth';
import { ApiError, createApiClient, type ApiClient } from '@agency/auth/api';

let client: { baseUrl: string; api: ApiClient } | null = null;

/** The typed API client, signed with the client's own access token (never a shared bearer). */
export function clientApi(): ApiClient {
  const baseUrl = getAppConfig().apiUrl;
  if (!client || client.baseUrl !== baseUrl) client = { baseUrl, api: createApiClient({ baseUrl, getAccessToken }) };
  return client.api;
}

/** The server's own message when it gave one (a thrown message), otherwise the spec's text for this action. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && error.message && !error.message.startsWith('Request failed')) {
    return error.message;
  }
  return fallback;
}

/** One key per payment attempt: a retried intent request never creates a second charge. */
export const newAttemptKey = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
