import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error whose message is meant for the caller, sent as `{ error, fields? }`. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
