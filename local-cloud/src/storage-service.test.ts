import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { pino } from 'pino';
import { createStorageService } from './storage/storage-service';
import { StorageStore } from './storage/storage-store';

/**
 * The storage stand-in driven by the real @supabase/supabase-js storage client, as the API drives hosted Supabase
 * Storage: a private bucket with limits, uploads (direct and to a signed upload URL), object info, listing,
 * signed download URLs that expire and cannot be altered, and removal. Downloads are always attachments.
 */
// Node 20 has no global WebSocket; supabase-js's realtime client needs one. `ws` ships no types here.
const ws: unknown = require('ws');
const SECRET = 'storage-test-secret-0123456789-0123456789-abcdef';
const ORIGIN = 'http://localhost:3000';
const BUCKET = 'project-files';

let dir: string;
let server: ServerType;
let url: string;
let clock = Date.now();
let service: SupabaseClient;

const signKey = (role: string, secret = SECRET) =>
  new SignJWT({ role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));
const client = (key: string) =>
  createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'storage-'));
  const app = createStorageService({
    store: new StorageStore(dir),
    jwtSecret: SECRET,
    allowedOrigins: [ORIGIN],
    logger: pino({ level: 'silent' }),
    now: () => clock,
  });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      url = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
  service = client(await signKey('service_role'));
  const { error } = await service.storage.createBucket(BUCKET, {
    public: false,
    fileSizeLimit: 1024,
    allowedMimeTypes: ['application/pdf', 'text/html', 'image/svg+xml', 'text/plain'],
  });
  expect(error).toBeNull();
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

afterEach(() => {
  clock = Date.now();
});

const bucket = () => service.storage.from(BUCKET);

describe('storage stand-in with the real supabase-js client', () => {
  it('keeps a private bucket with its limits, and refuses a second one of the same name', async () => {
    const { data, error } = await service.storage.getBucket(BUCKET);
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: BUCKET, public: false, file_size_limit: 1024 });
    const again = await service.storage.createBucket(BUCKET, { public: false });
    expect(again.error).toMatchObject({ status: 409 });
    const missing = await service.storage.getBucket('nope');
    expect(missing.error).toMatchObject({ status: 404, message: 'Bucket not found' });
  });

  it('uploads, reads info, lists one folder level, downloads and removes', async () => {
    const up = await bucket().upload('p1/a.txt', new Blob(['hello'], { type: 'text/plain' }));
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: 'p1/a.txt', fullPath: `${BUCKET}/p1/a.txt` });
    await bucket().upload('p1/sub/b.txt', new Blob(['b'], { type: 'text/plain' }));

    const info = await bucket().info('p1/a.txt');
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ size: 5, contentType: 'text/plain', bucketId: BUCKET });

    const listed = await bucket().list('p1');
    expect(listed.error).toBeNull();
    expect(listed.data!.map((entry) => [entry.name, entry.id === null])).toEqual([
      ['a.txt', false],
      ['sub', true],
    ]);
    expect(listed.data![0]!.metadata).toMatchObject({ size: 5, mimetype: 'text/plain' });

    const downloaded = await bucket().download('p1/a.txt');
    expect(downloaded.error).toBeNull();
    expect(await downloaded.data!.text()).toBe('hello');

    const removed = await bucket().remove(['p1/a.txt', 'p1/sub/b.txt', 'p1/none.txt']);
    expect(removed.error).toBeNull();
    expect(removed.data!.map((o) => o.name).sort()).toEqual(['p1/a.txt', 'p1/sub/b.txt']);
    expect((await bucket().exists('p1/a.txt')).data).toBe(false);
  });

  it('refuses a second upload to the same key unless asked to replace it', async () => {
    await bucket().upload('dup.txt', new Blob(['one'], { type: 'text/plain' }));
    const again = await bucket().upload('dup.txt', new Blob(['two'], { type: 'text/plain' }));
    expect(again.error).toMatchObject({ status: 409 });
    const replaced = await bucket().upload('dup.txt', new Blob(['two'], { type: 'text/plain' }), {
      upsert: true,
    });
    expect(replaced.error).toBeNull();
  });

  it("enforces the bucket's size limit and type allowlist, as Storage does", async () => {
    const big = await bucket().upload('big.txt', new Blob(['x'.repeat(1025)], { type: 'text/plain' }));
    expect(big.error).toMatchObject({ status: 413, message: 'The object exceeded the maximum allowed size' });
    const exe = await bucket().upload('run.exe', new Blob(['MZ'], { type: 'application/x-msdownload' }));
    expect(exe.error).toMatchObject({ status: 415 });
    expect(exe.error!.message).toContain('application/x-msdownload');
    expect((await bucket().exists('big.txt')).data).toBe(false);
  });

  it('takes an upload to a signed upload URL once, for that key only', async () => {
    const signed = await bucket().createSignedUploadUrl('p2/brief.pdf');
    expect(signed.error).toBeNull();
    const { token, signedUrl, path: signedPath } = signed.data!;
    expect(signedUrl).toContain(`/storage/v1/object/upload/sign/${BUCKET}/p2/brief.pdf?token=`);
    // The token is bound to its key: it cannot write elsewhere.
    const elsewhere = await bucket().uploadToSignedUrl(
      'p2/other.pdf',
      token,
      new Blob(['%PDF'], { type: 'application/pdf' }),
    );
    expect(elsewhere.error).toMatchObject({ status: 400 });
    const done = await bucket().uploadToSignedUrl(
      signedPath,
      token,
      new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
    );
    expect(done.error).toBeNull();
    // A raw PUT (what a browser sends with XMLHttpRequest for its progress events) works too.
    const raw = await bucket().createSignedUploadUrl('p2/raw.txt');
    const put = await fetch(raw.data!.signedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain', origin: ORIGIN },
      body: 'raw bytes',
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect((await bucket().info('p2/raw.txt')).data).toMatchObject({ size: 9, contentType: 'text/plain' });
    // Used: the key now exists, so the same token cannot overwrite it.
    const replay = await fetch(raw.data!.signedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'evil',
    });
    expect(replay.status).toBe(409);
  });

  it('serves a signed download URL as an attachment with nosniff, even for HTML and SVG', async () => {
    await bucket().upload('p3/page.html', new Blob(['<script>alert(1)</script>'], { type: 'text/html' }));
    await bucket().upload('p3/img.svg', new Blob(['<svg onload="alert(1)"/>'], { type: 'image/svg+xml' }));
    for (const [key, name] of [
      ['p3/page.html', 'page.html'],
      ['p3/img.svg', 'Résumé image.svg'],
    ] as const) {
      const signed = await bucket().createSignedUrl(key, 60, { download: name });
      expect(signed.error).toBeNull();
      const response = await fetch(signed.data!.signedUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(response.headers.get('content-disposition')).toContain(encodeURIComponent(name));
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toContain('sandbox');
    }
  });

  it('refuses an expired, a tampered or a re-targeted signed download URL', async () => {
    await bucket().upload('p4/secret.txt', new Blob(['secret'], { type: 'text/plain' }));
    await bucket().upload('p4/other.txt', new Blob(['other'], { type: 'text/plain' }));
    const { data } = await bucket().createSignedUrl('p4/secret.txt', 60);
    const signedUrl = data!.signedUrl;
    expect((await fetch(signedUrl)).status).toBe(200);

    // Another object's path with this token.
    const retargeted = await fetch(signedUrl.replace('p4/secret.txt', 'p4/other.txt'));
    expect(retargeted.status).toBe(400);
    expect(await retargeted.json()).toMatchObject({ error: 'Unauthorized', message: 'Invalid signature' });

    // A token whose payload was edited (signature no longer matches), and one signed with another secret.
    const token = new URL(signedUrl).searchParams.get('token')!;
    const [header, payload, signature] = token.split('.');
    const edited = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), exp: 9_999_999_999 }),
    ).toString('base64url');
    const tampered = signedUrl.replace(token, `${header}.${edited}.${signature}`);
    expect((await fetch(tampered)).status).toBe(400);
    const forged = await new SignJWT({ url: `${BUCKET}/p4/secret.txt`, purpose: 'download' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await fetch(signedUrl.replace(token, forged))).status).toBe(400);
    // No token at all.
    expect((await fetch(signedUrl.split('?')[0]!)).status).toBe(400);

    // After its lifetime.
    clock += 61_000;
    const expired = await fetch(signedUrl);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ message: 'jwt expired' });
  });

  it('lets no one but the service role manage the private bucket or read its objects', async () => {
    await bucket().upload('p5/x.txt', new Blob(['x'], { type: 'text/plain' }));
    for (const key of [
      await signKey('anon'),
      await signKey('authenticated'),
      await signKey('service_role', 'wrong-secret-wrong-secret-wrong-secret'),
    ]) {
      const other = client(key).storage.from(BUCKET);
      expect((await other.download('p5/x.txt')).error).not.toBeNull();
      expect((await other.list('p5')).error).not.toBeNull();
      expect((await other.createSignedUrl('p5/x.txt', 60)).error).not.toBeNull();
      expect((await other.upload('p5/y.txt', new Blob(['y'], { type: 'text/plain' }))).error).not.toBeNull();
      expect((await other.remove(['p5/x.txt'])).error).not.toBeNull();
    }
    const plain = await fetch(`${url}/storage/v1/object/${BUCKET}/p5/x.txt`);
    expect(plain.status).toBe(400);
    expect((await bucket().exists('p5/x.txt')).data).toBe(true);
  });

  it('keeps keys inside the bucket: no path traversal', async () => {
    const response = await fetch(`${url}/storage/v1/object/${BUCKET}/..%2F..%2Fbuckets.json`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await signKey('service_role')}`, 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(response.status).toBe(400);
  });
});
