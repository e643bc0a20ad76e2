import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { API_MESSAGES } from '@agency/domain';

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

/** A list's `cursor` this server did not hand out (or that decodes to nothing a page can start from). */
export const invalidCursorError = () =>
  new HttpError(400, API_MESSAGES.invalidCursor, { cursor: API_MESSAGES.invalidCursor });
