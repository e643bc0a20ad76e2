// What the Storage stand-in answers with and checks, apart from its routes: Supabase Storage's error shape,
// signed-URL claims, bucket limits and MIME rules, bounded body reading, listings and download headers.
import { errors as joseErrors } from 'jose';
import type { Context } from 'hono';
import type { StoredBucket, StoredObject } from './storage-store';

export type ErrorStatus = 400 | 403 | 404 | 409 | 413 | 415;

/** An error as Supabase Storage answers it: `{ statusCode, code, error, message }` (storage-js reads these). */
export class StorageError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what: 'Object' | 'Bucket') =>
  new StorageError(404, what === 'Object' ? 'NoSuchKey' : 'NoSuchBucket', 'not_found', `${what} not found`);

export interface SignedClaims {
  url: string;
  purpose: 'download' | 'upload';
  upsert?: boolean;
}

export function objectListing(object: StoredObject) {
  return {
    id: object.id,
    updated_at: object.updated_at,
    created_at: object.created_at,
    last_accessed_at: object.last_accessed_at,
    metadata: { eTag: object.eTag, size: object.size, mimetype: object.mimetype },
  };
}

export function bucketLimits(
  body: Record<string, unknown>,
): Pick<StoredBucket, 'file_size_limit' | 'allowed_mime_types'> {
  const size = body.file_size_limit;
  const limit = typeof size === 'number' ? size : typeof size === 'string' && size ? parseSize(size) : null;
  const types = Array.isArray(body.allowed_mime_types)
    ? body.allowed_mime_types.filter((t): t is string => typeof t === 'string').map((t) => t.toLowerCase())
    : null;
  return { file_size_limit: limit, allowed_mime_types: types?.length ? types : null };
}

/** `25MB`, `1GB`, `500KB` or a number of bytes, as the Storage API takes a bucket's limit. */
export function parseSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(text.trim());
  if (!match)
    throw new StorageError(400, 'InvalidRequest', 'Invalid Input', `Invalid file size limit: ${text}`);
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(match[2] ?? 'b').toLowerCase() as 'b'];
  return Math.floor(Number(match[1]) * unit);
}

export function mimeAllowed(mimetype: string, allowed: string[]): boolean {
  return allowed.some((entry) =>
    entry.endsWith('/*') ? mimetype.startsWith(entry.slice(0, -1)) : entry === mimetype,
  );
}

export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // below
  }
  throw new StorageError(400, 'InvalidRequest', 'Invalid Input', 'Body must be a JSON object');
}

/** Reads a request body, refusing it as soon as it passes `limit` bytes. */
export async function readLimited(
  request: Request,
  limit: number,
  tooLarge: () => Error,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'download';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export function decodeOnce(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function jwtProblem(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'jwt expired';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'invalid signature';
  return 'jwt malformed';
}
