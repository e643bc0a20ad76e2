import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { ALLOWED_FILE_TYPES, FILE_LIMITS } from '@agency/domain';

/** What the files feature asks of Supabase Storage: one private bucket, reached with the service role key. */
export interface FileStorage {
  /** A URL the browser PUTs the bytes to (with `content-type`), good for a while, for this key only. */
  createUploadUrl(key: string): Promise<string>;
  /** The stored object's size and type, or null when there is none. */
  info(key: string): Promise<{ size: number; contentType: string } | null>;
  /** A signed URL that downloads the object as an attachment named `downloadName`, for `seconds`. */
  signDownload(key: string, downloadName: string, seconds: number): Promise<string>;
  /** Removes the objects (those already gone are fine). */
  remove(keys: string[]): Promise<void>;
}

export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

export interface SupabaseFileStorageOptions {
  /** The Supabase project URL (storage at `${url}/storage/v1`): hosted, or the local stand-in. */
  supabaseUrl: string;
  serviceRoleKey: string;
  bucket: string;
  fetch?: typeof fetch;
}

/** supabase-js sets up Realtime with every client; the API never uses it (and Node 20 has no WebSocket). */
class NoRealtime {
  constructor() {
    throw new Error('The API does not use Supabase Realtime');
  }
}

/**
 * Supabase Storage through the real @supabase/supabase-js storage client. The bucket is made sure of before the
 * first call: created private with the file limits of the domain if missing, and put back to private with those
 * limits if someone changed it (the bucket is never public; the API hands out short-lived signed URLs after its
 * own authorization check). The service role key never leaves the server.
 */
export function createSupabaseFileStorage(options: SupabaseFileStorageOptions): FileStorage {
  const client = createClient(options.supabaseUrl, options.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
    ...(options.fetch ? { global: { fetch: options.fetch } } : {}),
  });
  const settings = {
    public: false,
    fileSizeLimit: FILE_LIMITS.maxFileBytes,
    allowedMimeTypes: [...ALLOWED_FILE_TYPES],
  };
  let ready: Promise<void> | undefined;
  const ensureBucket = () =>
    (ready ??= (async () => {
      const found = await client.storage.getBucket(options.bucket);
      if (found.data) {
        const bucket = found.data;
        const same =
          !bucket.public &&
          bucket.file_size_limit === settings.fileSizeLimit &&
          JSON.stringify([...(bucket.allowed_mime_types ?? [])].sort()) ===
            JSON.stringify([...settings.allowedMimeTypes].sort());
        if (!same) check(await client.storage.updateBucket(options.bucket, settings), 'update the bucket');
        return;
      }
      if (!isStatus(found.error, 404) && !isStatus(found.error, 400)) check(found, 'read the bucket');
      const created = await client.storage.createBucket(options.bucket, settings);
      // Another API process may have created it meanwhile.
      if (created.error && !isStatus(created.error, 409)) check(created, 'create the bucket');
    })().catch((error: unknown) => {
      ready = undefined;
      throw error;
    }));
  const bucket = async () => {
    await ensureBucket();
    return client.storage.from(options.bucket);
  };

  return {
    async createUploadUrl(key) {
      const { data } = check(await (await bucket()).createSignedUploadUrl(key), 'sign an upload');
      return data.signedUrl;
    },
    async info(key) {
      const result = await (await bucket()).info(key);
      if (result.error && isStatus(result.error, 404)) return null;
      const { data } = check(result, 'read a file');
      return { size: Number(data.size), contentType: String(data.contentType ?? '') };
    },
    async signDownload(key, downloadName, seconds) {
      const { data } = check(
        await (await bucket()).createSignedUrl(key, seconds, { download: downloadName }),
        'sign a download',
      );
      return data.signedUrl;
    },
    async remove(keys) {
      if (!keys.length) return;
      check(await (await bucket()).remove(keys), 'remove files');
    },
  };
}

/**
 * The service role key Supabase derives from a project's JWT secret (a JWT with role service_role): for a local
 * run, and for a deployment that gives the secret rather than the key.
 */
export function serviceRoleKeyFromSecret(jwtSecret: string): Promise<string> {
  return new SignJWT({ role: 'service_role' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('supabase')
    .setIssuedAt()
    .setExpirationTime('10y')
    .sign(new TextEncoder().encode(jwtSecret));
}

function isStatus(error: unknown, status: number): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    (error as { status: unknown }).status === status
  );
}

function check<T>(
  result: { data: T; error: null } | { data: unknown; error: unknown },
  what: string,
): { data: NonNullable<T> } {
  if (result.error || result.data == null)
    throw new StorageUnavailableError(`Storage could not ${what}: ${errorText(result.error)}`, {
      cause: result.error,
    });
  return { data: result.data as NonNullable<T> };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error ?? 'no data'));
