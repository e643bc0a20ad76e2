import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { resolveLocalEnv } from './local-env.mjs';
import { releasePaths } from './releases.mjs';
import { runtimeConfig } from './runtime-config.mjs';
import { contentSecurityPolicy } from './static-server.mjs';

const work = mkdtempSync(join(tmpdir(), 'agency-runtime-config-test-'));
after(() => rmSync(work, { recursive: true, force: true }));

test('the remotes in /app-config.json follow the release pointer as it changes, with no restart', async () => {
  const env = await resolveLocalEnv({ DATA_DIR: join(work, 'data') });
  const { pointerFile } = releasePaths(env);
  const logged = [];
  const current = runtimeConfig(env, { log: (line) => logged.push(line) });

  // No release yet: the unversioned URLs from the environment.
  assert.equal(current().remotes.checkout.manifest, `${env.CHECKOUT_URL}/mf-manifest.json`);
  assert.equal(current(), current(), 'the same object while nothing changed');

  mkdirSync(join(pointerFile, '..'), { recursive: true });
  writeFileSync(
    pointerFile,
    JSON.stringify({ checkout: { base: 'https://cdn.example/checkout', history: ['0.1.0-aaaaaaaaaa'] } }),
  );
  const released = current();
  assert.deepEqual(released.remotes.checkout, {
    manifest: 'https://cdn.example/checkout/0.1.0-aaaaaaaaaa/mf-manifest.json',
    release: '0.1.0-aaaaaaaaaa',
  });
  assert.equal(released.remotes.marketing.manifest, `${env.MARKETING_URL}/mf-manifest.json`);
  assert.equal(released.apiUrl, env.API_URL);
  assert.match(contentSecurityPolicy(released), /script-src [^;]*https:\/\/cdn\.example[ ;]/);
  assert.doesNotMatch(
    contentSecurityPolicy(released),
    /0\.1\.0-aaaaaaaaaa/,
    'the CSP names origins, never releases',
  );

  writeFileSync(
    pointerFile,
    JSON.stringify({
      checkout: { base: 'https://cdn.example/checkout', history: ['0.1.0-aaaaaaaaaa', '0.1.0-bbbbbbbbbb'] },
    }),
  );
  assert.equal(current().remotes.checkout.release, '0.1.0-bbbbbbbbbb');
  assert.equal(current().remotes.checkout.previous.release, '0.1.0-aaaaaaaaaa');

  const good = current();
  writeFileSync(pointerFile, '{ "checkout": ');
  assert.equal(current(), good, 'a broken pointer keeps the last good configuration');
  assert.match(logged.join('\n'), /unreadable, keeping the previous configuration/);
});
