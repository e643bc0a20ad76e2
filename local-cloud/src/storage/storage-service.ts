import { jwtVerify, SignJWT } from 'jose';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import type { Logger } from 'pino';
import {
  isValidBucketId,
  isValidObjectKey,
  type StorageStore,
  type StoredBucket,
  type StoredObject,
} from './storage-store';
import {
  bucketLimits,
  contentDisposition,
  decodeOnce,
  jwtProblem,
  mimeAllowed,
  notFound,
  objectListing,
  jsonBody,
  readLimited,
  StorageError,
  type SignedClaims,
} from './storage-rules';

export interface StorageServiceOptions {
  store: StorageStore;
  /** The project's JWT secret: the service role key is a JWT signed with it, and so are signed URLs. */
  jwtSecret: string;
  /** Origins a browser may upload from (signed upload URLs) and download from. */
  allowedOrigins: string[];
  logger: Logger;
  /** The largest object any bucket takes (hosted Supabase's global limit; 50 MB on the free plan). */
  globalFileSizeLimit?: number;
  now?: () => number;
}

/** A signed upload URL stays good for two hours, as on hosted Supabase. */
export const SIGNED_UPLOAD_URL_TTL_SECONDS = 2 * 60 * 60;
const DEFAULT_GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

/**
 * A stand-in for Supabase Storage (the `/storage/v1` API) for running offline: the real storage client of
 * @supabase/supabase-js creates and reads buckets, uploads (also to signed upload URLs), signs download URLs,
 * reads object info, lists and removes against it. Management calls need the service role key (a private bucket
 * with no policies: nobody else may do anything); signed URLs are JWTs signed with the project's secret, bound
 * to one object, and expire. Every download is an attachment, never rendered by the browser.
 */
export function createStorageService(options: StorageServiceOptions): Hono {
  const { store, logger } = options;
  const key = new TextEncoder().encode(options.jwtSecret);
  const now = options.now ?? Date.now;
  const globalLimit = options.globalFileSizeLimit ?? DEFAULT_GLOBAL_FILE_SIZE_LIMIT;
  const app = new Hono();

  app.use(
    '*',
    cors({
      origin: (origin) => (options.allowedOrigins.includes(origin) ? origin : null),
      allowHeaders: [
        'apikey',
        'authorization',
        'content-type',
        'cache-control',
        'x-client-info',
        'x-upsert',
        'x-metadata',
      ],
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['content-disposition', 'content-length', 'etag'],
      maxAge: 600,
    }),
  );

  app.onError((error, c) => {
    if (error instanceof StorageError)
      return c.json(
        { statusCode: String(error.status), code: error.code, error: error.error, message: error.message },
        error.status,
      );
    logger.error({ err: error }, 'storage stand-in error');
    return c.json(
      { statusCode: '500', code: 'InternalError', error: 'internal', message: 'Internal Server Error' },
      500,
    );
  });

  const v1 = new Hono();

  /** The caller must hold the service role key (Authorization bearer, as storage-js sends it). */
  async function requireServiceRole(c: Context): Promise<void> {
    const header = c.req.header('authorization') ?? '';
    const token = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new StorageError(400, 'InvalidJWT', 'Unauthorized', 'Missing authorization header');
    let role: unknown;
    try {
      ({
        payload: { role },
      } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(now()) }));
    } catch (error) {
      throw new StorageError(400, 'InvalidJWT', 'Unauthorized', jwtProblem(error));
    }
    if (role !== 'service_role')
      // A private bucket without policies: no object or bucket is visible to anyone else.
      throw new StorageError(
        403,
        'AccessDenied',
        'Unauthorized',
        'new row violates row-level security policy',
      );
  }

  async function bucketOrThrow(id: string): Promise<StoredBucket> {
    const bucket = isValidBucketId(id) ? await store.getBucket(id) : undefined;
    if (!bucket) throw notFound('Bucket');
    return bucket;
  }

  /** `bucket/key…` from the path after the route's prefix. */
  function objectPath(c: Context, prefix: string): { bucket: string; key: string } {
    const rest = decodeURIComponent(c.req.path.slice(c.req.path.indexOf(prefix) + prefix.length));
    const slash = rest.indexOf('/');
    const bucket = slash < 0 ? rest : rest.slice(0, slash);
    const objectKey = slash < 0 ? '' : rest.slice(slash + 1);
    if (!isValidBucketId(bucket)) throw notFound('Bucket');
    if (!isValidObjectKey(objectKey))
      throw new StorageError(400, 'InvalidKey', 'Invalid Input', `Invalid key: ${objectKey}`);
    return { bucket, key: objectKey };
  }

  async function sign(claims: SignedClaims, expiresInSeconds: number): Promise<string> {
    const issuedAt = Math.floor(now() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + expiresInSeconds)
      .sign(key);
  }

  /** A signed URL's token, for this object and this purpose, not expired: else Supabase's InvalidJWT / 400. */
  async function verifySigned(
    token: string | undefined,
    url: string,
    purpose: SignedClaims['purpose'],
  ): Promise<SignedClaims> {
    if (!token) throw new StorageError(400, 'InvalidJWT', 'Unauthorized', 'Missing token');
    let payload;
    try {
      ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(now()) }));
    } catch (error) {
      throw new StorageError(400, 'InvalidJWT', 'Unauthorized', jwtProblem(error));
    }
    if (payload.url !== url || payload.purpose !== purpose)
      throw new StorageError(400, 'InvalidSignature', 'Unauthorized', 'Invalid signature');
    return payload as unknown as SignedClaims;
  }

  // ── Buckets ──────────────────────────────────────────────────────────────────────────────────────────
  v1.get('/bucket', async (c) => {
    await requireServiceRole(c);
    return c.json(await store.listBuckets());
  });
  v1.get('/bucket/:id', async (c) => {
    await requireServiceRole(c);
    return c.json(await bucketOrThrow(c.req.param('id')));
  });
  v1.post('/bucket', async (c) => {
    await requireServiceRole(c);
    const body = await jsonBody(c);
    const id = typeof body.id === 'string' ? body.id : typeof body.name === 'string' ? body.name : '';
    if (!isValidBucketId(id))
      throw new StorageError(400, 'InvalidBucketName', 'Invalid Input', `Bucket name invalid: ${id}`);
    if (await store.getBucket(id))
      throw new StorageError(409, 'BucketAlreadyExists', 'Duplicate', 'The resource already exists');
    const at = new Date(now()).toISOString();
    await store.putBucket({
      id,
      name: id,
      owner: '',
      public: body.public === true,
      ...bucketLimits(body),
      created_at: at,
      updated_at: at,
    });
    return c.json({ name: id });
  });
  v1.put('/bucket/:id', async (c) => {
    await requireServiceRole(c);
    const bucket = await bucketOrThrow(c.req.param('id'));
    const body = await jsonBody(c);
    const limits = bucketLimits(body);
    await store.putBucket({
      ...bucket,
      ...(typeof body.public === 'boolean' && { public: body.public }),
      ...('file_size_limit' in body && { file_size_limit: limits.file_size_limit }),
      ...('allowed_mime_types' in body && { allowed_mime_types: limits.allowed_mime_types }),
      updated_at: new Date(now()).toISOString(),
    });
    return c.json({ message: 'Successfully updated' });
  });
  v1.post('/bucket/:id/empty', async (c) => {
    await requireServiceRole(c);
    const bucket = await bucketOrThrow(c.req.param('id'));
    await store.emptyBucket(bucket.id);
    return c.json({ message: 'Successfully emptied' });
  });
  v1.delete('/bucket/:id', async (c) => {
    await requireServiceRole(c);
    const bucket = await bucketOrThrow(c.req.param('id'));
    if ((await store.listObjects(bucket.id, '')).length)
      throw new StorageError(
        409,
        'InvalidRequest',
        'Bucket not empty',
        'The bucket you tried to delete is not empty',
      );
    await store.deleteBucket(bucket.id);
    return c.json({ message: 'Successfully deleted' });
  });

  // ── Objects ──────────────────────────────────────────────────────────────────────────────────────────
  /** Reads the body of an upload (raw or storage-js's multipart form), checked against the bucket's rules. */
  async function receive(
    c: Context,
    bucket: StoredBucket,
  ): Promise<{ bytes: Uint8Array; mimetype: string; cacheControl: string }> {
    const limit = Math.min(bucket.file_size_limit ?? globalLimit, globalLimit);
    const tooLarge = () =>
      new StorageError(
        413,
        'EntityTooLarge',
        'Payload too large',
        'The object exceeded the maximum allowed size',
      );
    const declared = Number(c.req.header('content-length'));
    const contentType = c.req.header('content-type') ?? '';
    const multipart = contentType.toLowerCase().startsWith('multipart/form-data');
    // A form carries a little more than the file; the file itself is checked once read.
    const readLimit = multipart ? limit + 64 * 1024 : limit;
    if (Number.isFinite(declared) && declared > readLimit) throw tooLarge();
    const raw = await readLimited(c.req.raw, readLimit, tooLarge);
    let bytes: Uint8Array = raw;
    let mimetype = contentType.split(';')[0]!.trim().toLowerCase() || 'application/octet-stream';
    let cacheControl = c.req.header('cache-control')?.replace(/^max-age=/, '') ?? '3600';
    if (multipart) {
      const form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
      const file = [...form.values()].find((value): value is File => typeof value !== 'string');
      if (!file) throw new StorageError(400, 'InvalidRequest', 'Invalid Input', 'No file in the form');
      bytes = new Uint8Array(await file.arrayBuffer());
      mimetype = file.type.split(';')[0]!.trim().toLowerCase() || 'application/octet-stream';
      const formCache = form.get('cacheControl');
      if (typeof formCache === 'string' && formCache) cacheControl = formCache;
    }
    if (bytes.byteLength > limit) throw tooLarge();
    if (bucket.allowed_mime_types?.length && !mimeAllowed(mimetype, bucket.allowed_mime_types))
      throw new StorageError(
        415,
        'InvalidMimeType',
        'invalid_mime_type',
        `mime type ${mimetype} is not supported`,
      );
    return { bytes, mimetype, cacheControl };
  }

  async function store_(c: Context, bucket: StoredBucket, objectKey: string, upsert: boolean) {
    const received = await receive(c, bucket);
    if (!upsert && (await store.getObject(bucket.id, objectKey)))
      throw new StorageError(409, 'Duplicate', 'Duplicate', 'The resource already exists');
    const object = await store.putObject(bucket.id, objectKey, received.bytes, received);
    return c.json({ Id: object.id, Key: `${bucket.id}/${objectKey}` });
  }

  const upload = (mode: 'create' | 'update') => async (c: Context) => {
    await requireServiceRole(c);
    const { bucket: bucketId, key: objectKey } = objectPath(c, '/object/');
    const bucket = await bucketOrThrow(bucketId);
    if (mode === 'update' && !(await store.getObject(bucket.id, objectKey))) throw notFound('Object');
    return store_(c, bucket, objectKey, mode === 'update' || c.req.header('x-upsert') === 'true');
  };

  v1.post('/object/upload/sign/*', async (c) => {
    await requireServiceRole(c);
    const { bucket: bucketId, key: objectKey } = objectPath(c, '/object/upload/sign/');
    await bucketOrThrow(bucketId);
    const upsert = c.req.header('x-upsert') === 'true';
    if (!upsert && (await store.getObject(bucketId, objectKey)))
      throw new StorageError(409, 'Duplicate', 'Duplicate', 'The resource already exists');
    const url = `${bucketId}/${objectKey}`;
    const token = await sign({ url, purpose: 'upload', upsert }, SIGNED_UPLOAD_URL_TTL_SECONDS);
    return c.json({ url: `/object/upload/sign/${url}?token=${token}`, token });
  });
  v1.put('/object/upload/sign/*', async (c) => {
    const { bucket: bucketId, key: objectKey } = objectPath(c, '/object/upload/sign/');
    const claims = await verifySigned(c.req.query('token'), `${bucketId}/${objectKey}`, 'upload');
    const bucket = await bucketOrThrow(bucketId);
    return store_(c, bucket, objectKey, claims.upsert === true);
  });

  v1.post('/object/sign/*', async (c) => {
    await requireServiceRole(c);
    const { bucket: bucketId, key: objectKey } = objectPath(c, '/object/sign/');
    await bucketOrThrow(bucketId);
    if (!(await store.getObject(bucketId, objectKey))) throw notFound('Object');
    const body = await jsonBody(c);
    const expiresIn = Number(body.expiresIn);
    if (!Number.isInteger(expiresIn) || expiresIn < 1)
      throw new StorageError(400, 'InvalidRequest', 'Invalid Input', 'expiresIn must be a positive integer');
    const url = `${bucketId}/${objectKey}`;
    const token = await sign({ url, purpose: 'download' }, expiresIn);
    return c.json({ signedURL: `/object/sign/${url}?token=${token}` });
  });
  v1.get('/object/sign/*', async (c) => {
    const { bucket: bucketId, key: objectKey } = objectPath(c, '/object/sign/');
    await verifySigned(c.req.query('token'), `${bucketId}/${objectKey}`, 'download');
    return serveObject(c, bucketId, objectKey);
  });

  v1.get('/object/info/*', async (c) => {
    await requireServiceRole(c);
    const { bucket: bucketId, key: objectKey } = objectPath(c, '/object/info/');
    await bucketOrThrow(bucketId);
    const object = await store.getObject(bucketId, objectKey);
    if (!object) throw notFound('Object');
    return c.json({
      id: object.id,
      name: object.name,
      version: object.id,
      bucket_id: object.bucket_id,
      size: object.size,
      content_type: object.mimetype,
      cache_control: `max-age=${object.cacheControl}`,
      etag: object.eTag,
      metadata: {},
      last_modified: object.updated_at,
      created_at: object.created_at,
    });
  });

  v1.post('/object/list/:bucket', async (c) => {
    await requireServiceRole(c);
    const bucket = await bucketOrThrow(c.req.param('bucket'));
    const body = await jsonBody(c);
    const rawPrefix = typeof body.prefix === 'string' ? body.prefix : '';
    const prefix = rawPrefix && !rawPrefix.endsWith('/') ? `${rawPrefix}/` : rawPrefix;
    const limit = Math.min(Math.max(Number(body.limit) || 100, 1), 1000);
    const offset = Math.max(Number(body.offset) || 0, 0);
    const search = typeof body.search === 'string' ? body.search : '';
    // One level, as Supabase lists: objects directly under the prefix, and the folders below it.
    const entries = new Map<string, StoredObject | null>();
    for (const object of await store.listObjects(bucket.id, prefix)) {
      const rest = object.name.slice(prefix.length);
      const slash = rest.indexOf('/');
      const name = slash < 0 ? rest : rest.slice(0, slash);
      if (search && !name.includes(search)) continue;
      if (slash < 0) entries.set(name, object);
      else if (!entries.has(name)) entries.set(name, null);
    }
    const sortBy = body.sortBy as { column?: string; order?: string } | undefined;
    const column = sortBy?.column ?? 'name';
    const descending = sortBy?.order === 'desc';
    const sorted = [...entries].sort(([a, oa], [b, ob]) => {
      const va = column === 'name' ? a : ((oa?.[column as keyof StoredObject] as string) ?? '');
      const vb = column === 'name' ? b : ((ob?.[column as keyof StoredObject] as string) ?? '');
      return (va < vb ? -1 : va > vb ? 1 : 0) * (descending ? -1 : 1);
    });
    return c.json(
      sorted.slice(offset, offset + limit).map(([name, object]) =>
        object
          ? {
              name,
              id: object.id,
              updated_at: object.updated_at,
              created_at: object.created_at,
              last_accessed_at: object.last_accessed_at,
              metadata: {
                eTag: object.eTag,
                size: object.size,
                mimetype: object.mimetype,
                cacheControl: `max-age=${object.cacheControl}`,
                lastModified: object.updated_at,
                contentLength: object.size,
                httpStatusCode: 200,
              },
            }
          : { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null },
      ),
    );
  });

  v1.delete('/object/:bucket', async (c) => {
    await requireServiceRole(c);
    const bucket = await bucketOrThrow(c.req.param('bucket'));
    const body = await jsonBody(c);
    const prefixes = Array.isArray(body.prefixes) ? body.prefixes : null;
    if (!prefixes || prefixes.some((p) => typeof p !== 'string'))
      throw new StorageError(400, 'InvalidRequest', 'Invalid Input', 'prefixes must be a list of keys');
    const removed = [];
    for (const objectKey of prefixes as string[]) {
      if (!isValidObjectKey(objectKey)) continue;
      const object = await store.deleteObject(bucket.id, objectKey);
      if (object) removed.push({ ...objectListing(object), bucket_id: bucket.id, name: object.name });
    }
    return c.json(removed);
  });

  // Authenticated reads and writes by key (the service role only: the bucket is private).
  v1.on(['GET', 'HEAD'], '/object/authenticated/*', async (c) => {
    await requireServiceRole(c);
    const { bucket, key: objectKey } = objectPath(c, '/object/authenticated/');
    return serveObject(c, bucket, objectKey);
  });
  v1.post('/object/*', upload('create'));
  v1.put('/object/*', upload('update'));
  v1.on(['GET', 'HEAD'], '/object/*', async (c) => {
    const { bucket: bucketId, key: objectKey } = objectPath(c, '/object/');
    const bucket = await bucketOrThrow(bucketId);
    if (!bucket.public) await requireServiceRole(c);
    return serveObject(c, bucketId, objectKey);
  });

  async function serveObject(c: Context, bucketId: string, objectKey: string): Promise<Response> {
    await bucketOrThrow(bucketId);
    const object = await store.getObject(bucketId, objectKey);
    if (!object) throw notFound('Object');
    const bytes = await store.readBytes(bucketId, objectKey);
    // storage-js puts the name through URLSearchParams and then encodeURI, so it arrives encoded twice.
    const requested = decodeOnce(c.req.query('download') ?? '');
    const filename = requested || objectKey.slice(objectKey.lastIndexOf('/') + 1);
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(bytes), {
      status: 200,
      headers: {
        'content-type': object.mimetype,
        'content-length': String(object.size),
        etag: object.eTag,
        'last-modified': new Date(object.updated_at).toUTCString(),
        'cache-control': 'private, no-store',
        // Never rendered in a page: an uploaded HTML or SVG file is a download, its type taken as given.
        'content-disposition': contentDisposition(filename),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        ...corsHeaders(c),
      },
    });
  }

  /** hono's cors middleware writes to c.res; a Response built here carries the same answer itself. */
  function corsHeaders(c: Context): Record<string, string> {
    const origin = c.req.header('origin');
    return origin && options.allowedOrigins.includes(origin)
      ? {
          'access-control-allow-origin': origin,
          'access-control-expose-headers': 'content-disposition, content-length, etag',
          vary: 'Origin',
        }
      : {};
  }

  app.route('/storage/v1', v1);
  return app;
}
