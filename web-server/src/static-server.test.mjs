import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startStaticServer } from './static-server.mjs';

const work = mkdtempSync(join(tmpdir(), 'agency-static-test-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** Writes files under the folder a server serves. */
function write(dir, files) {
  for (const [file, body] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), body);
  }
}

async function get(server, path, headers = {}) {
  const response = await fetch(`http://127.0.0.1:${server.port}${path}`, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body: body.toString() };
}

describe('a build rebuilt in place under a running server', () => {
  const dir = join(work, 'app');
  let server;
  before(async () => {
    write(dir, { 'index.html': '<p>one</p>', 'mf-manifest.json': '{"v":1}' });
    server = await startStaticServer({ dir, port: 0, spa: true });
  });
  after(() => server.close());

  test('is served as it is on disk now: new length, new ETag, new files, no restart', async () => {
    const before = await get(server, '/mf-manifest.json');
    assert.equal(before.body, '{"v":1}');
    write(dir, {
      'mf-manifest.json': '{"version":"two, and longer"}',
      'static/js/new.0123456789.js': 'new()',
    });
    const after = await get(server, '/mf-manifest.json');
    assert.equal(after.body, '{"version":"two, and longer"}');
    assert.equal(after.headers.get('content-length'), String(after.body.length));
    assert.notEqual(after.headers.get('etag'), before.headers.get('etag'));
    assert.equal((await get(server, '/static/js/new.0123456789.js')).body, 'new()');
    assert.equal(
      (await get(server, '/mf-manifest.json', { 'if-none-match': after.headers.get('etag') })).status,
      304,
    );
  });

  test('caches content-hashed files for good and revalidates everything else', async () => {
    assert.equal(
      (await get(server, '/static/js/new.0123456789.js')).headers.get('cache-control'),
      'public, max-age=31536000, immutable',
    );
    assert.equal((await get(server, '/mf-manifest.json')).headers.get('cache-control'), 'no-cache');
  });

  test('never serves source maps or dot-files, however the path is spelled', async () => {
    write(dir, {
      'static/js/new.0123456789.js.map': '{}',
      '.incoming-x/remoteEntry.js': 'x',
      '.env': 'SECRET=1',
    });
    for (const path of [
      '/static/js/new.0123456789.js.map',
      '/static/js/new.0123456789.js%2emap',
      '/.incoming-x/remoteEntry.js',
      '/.env',
      '/%2eenv',
    ]) {
      assert.equal((await get(server, path)).status, 404, path);
    }
  });
});

describe('release folders', () => {
  test('are immutable in full, with CORS for the host page', async () => {
    const dir = join(work, 'releases');
    write(dir, { '0.1.0-0123456789/mf-manifest.json': '{}' });
    const server = await startStaticServer({ dir, port: 0, cors: true, immutable: true });
    try {
      const { status, headers } = await get(server, '/0.1.0-0123456789/mf-manifest.json');
      assert.equal(status, 200);
      assert.equal(headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal(headers.get('access-control-allow-origin'), '*');
      assert.equal((await get(server, '/nothing.js')).status, 404);
    } finally {
      await server.close();
    }
  });
});

describe('the runtime configuration', () => {
  test('is asked for on every request, and the CSP follows it', async () => {
    const dir = join(work, 'host');
    write(dir, { 'index.html': '<p>host</p>' });
    let config = { remotes: { checkout: { manifest: 'http://a.example/1/mf-manifest.json' } } };
    const server = await startStaticServer({
      dir,
      port: 0,
      spa: true,
      appConfig: () => config,
      csp: (current) => `script-src ${Object.values(current.remotes).map((r) => new URL(r.manifest).origin)}`,
    });
    try {
      assert.deepEqual(JSON.parse((await get(server, '/app-config.json')).body), config);
      assert.equal(
        (await get(server, '/')).headers.get('content-security-policy'),
        'script-src http://a.example',
      );
      config = { remotes: { checkout: { manifest: 'https://cdn.example/2/mf-manifest.json' } } };
      assert.deepEqual(JSON.parse((await get(server, '/app-config.json')).body), config);
      assert.equal(
        (await get(server, '/purchase/1')).headers.get('content-security-policy'),
        'script-src https://cdn.example',
      );
    } finally {
      await server.close();
    }
  });
});
