// Canary releases, the audit log, preview links, the release guard and the releases each visitor gets
// (issue 37). The browser journeys are in e2e/src/canary.e2e.ts.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, beforeEach, describe, test } from 'node:test';
import { bucketOf, pickReleases } from './release-selection.mjs';
import { previewLink, signPreview, verifyPreview } from './preview-links.mjs';
import { checkCanaries, guardSettings, judgeCanary } from './release-guard.mjs';
import {
  appendAudit,
  endCanary,
  promoteCanary,
  publishRelease,
  readAudit,
  readPointer,
  releaseActor,
  releasePaths,
  rollbackRelease,
  servedRemotes,
  startCanary,
  switchRelease,
} from './releases.mjs';
import { visitorReleases } from './visitor-releases.mjs';

const work = mkdtempSync(join(tmpdir(), 'agency-delivery-test-'));
after(() => rmSync(work, { recursive: true, force: true }));
const remote = { name: 'checkout', dir: 'remote-checkout', urlVar: 'CHECKOUT_URL', version: '0.1.0' };
let env;
let builds = 0;

function publish(content) {
  const dir = join(work, `build-${(builds += 1)}`);
  for (const [file, body] of Object.entries({
    'mf-manifest.json': '{"exposes":[],"shared":[]}',
    'remoteEntry.js': `entry(${content})`,
  })) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), body);
  }
  return publishRelease({ env, remote, buildDir: dir }).release;
}

beforeEach(() => {
  env = { DATA_DIR: mkdtempSync(join(work, 'data-')), CHECKOUT_URL: 'http://localhost:3002' };
});

describe('a canary', () => {
  test('serves the new release to its share next to the current one; promote takes it to everyone', () => {
    const [v1, v2] = [publish('v1'), publish('v2')];
    switchRelease({ env, remote, release: v1 });
    assert.deepEqual(startCanary({ env, remote, release: v2, share: 10 }), { from: v1, to: v2, share: 10 });
    const served = servedRemotes(readPointer(releasePaths(env).pointerFile)).checkout;
    assert.equal(served.release, v1);
    assert.deepEqual(served.canary, {
      manifest: `http://localhost:3002/${v2}/mf-manifest.json`,
      release: v2,
      share: 10,
    });
    assert.deepEqual(promoteCanary({ env, remote }), { from: v1, to: v2 });
    const promoted = servedRemotes(readPointer(releasePaths(env).pointerFile)).checkout;
    assert.equal(promoted.release, v2);
    assert.equal(promoted.previous.release, v1);
    assert.equal(promoted.canary, undefined);
  });

  test('a rollback ends it, and a restart (switching to the current release again) keeps it', () => {
    const [v1, v2] = [publish('v1'), publish('v2')];
    switchRelease({ env, remote, release: v1 });
    startCanary({ env, remote, release: v2, share: 50 });
    switchRelease({ env, remote, release: v1, byStart: true });
    assert.equal(readPointer(releasePaths(env).pointerFile).checkout.canary.release, v2);
    assert.equal(endCanary({ env, remote, expected: 'someone-else' }), undefined);
    assert.deepEqual(endCanary({ env, remote, expected: v2 }), { from: v2, to: v1 });
    assert.equal(readPointer(releasePaths(env).pointerFile).checkout.canary, undefined);
    startCanary({ env, remote, release: v2, share: 50 });
    const v3 = publish('v3');
    switchRelease({ env, remote, release: v3 });
    startCanary({ env, remote, release: v2, share: 5 });
    rollbackRelease({ env, remote });
    assert.equal(readPointer(releasePaths(env).pointerFile).checkout.canary, undefined);
  });

  test('takes a whole share from 1 to 99, over a current release', () => {
    const [v1, v2] = [publish('v1'), publish('v2')];
    assert.throws(() => startCanary({ env, remote, release: v2, share: 10 }), /no current release/);
    switchRelease({ env, remote, release: v1 });
    for (const share of [0, 100, 12.5]) assert.throws(() => startCanary({ env, remote, release: v2, share }));
    assert.throws(() => startCanary({ env, remote, release: v1, share: 10 }), /already/);
  });

  test('each visitor keeps a side; about the share of visitors get the canary', () => {
    const remotes = {
      checkout: {
        manifest: 'https://cdn/checkout/v1/mf-manifest.json',
        release: 'v1',
        canary: { manifest: 'https://cdn/checkout/v2/mf-manifest.json', release: 'v2', share: 10 },
      },
    };
    let inCanary = 0;
    for (let i = 0; i < 2000; i++) {
      const picked = pickReleases(remotes, `visitor-${i}`);
      assert.deepEqual(pickReleases(remotes, `visitor-${i}`), picked);
      assert.deepEqual(pickReleases(picked, `visitor-${i}`), picked, 'picking again changes nothing');
      if (picked.checkout.release === 'v2') {
        inCanary++;
        assert.equal(picked.checkout.previous.release, 'v1', 'falls back to the current release');
      }
    }
    assert.ok(inCanary > 150 && inCanary < 250, `${inCanary} of 2000 in a 10% canary`);
    assert.ok(bucketOf('a') >= 0 && bucketOf('a') < 100);
  });
});

describe('the audit log', () => {
  test('is appended to, line by line, with time, actor, release and reason', () => {
    appendAudit(env, { action: 'canary', remote: 'checkout', release: 'v2', actor: 'ada', reason: 'try it' });
    appendAudit(env, { action: 'promote', remote: 'checkout', release: 'v2', actor: 'ci', reason: 'fine' });
    appendAudit(env, { action: 'release', remote: 'marketing', release: 'm1', actor: 'ada', reason: 'x' });
    const lines = readFileSync(releasePaths(env).auditFile, 'utf8').trim().split('\n');
    assert.equal(lines.length, 3);
    assert.deepEqual(
      readAudit(env, 'checkout').map(({ action, actor }) => `${action} ${actor}`),
      ['canary ada', 'promote ci'],
    );
    assert.match(readAudit(env)[0].at, /^\d{4}-\d\d-\d\dT/);
  });

  test('names the OS user, or the CI run', () => {
    assert.equal(releaseActor({ RELEASE_ACTOR: 'release-bot' }), 'release-bot');
    assert.equal(
      releaseActor({ CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_ACTOR: 'ada' }),
      'github-actions:ada',
    );
    assert.equal(releaseActor({ CI: 'true' }), 'ci');
    assert.ok(releaseActor({}).length > 0);
  });
});

describe('a preview link', () => {
  const secret = 'a-secret-of-32-characters-or-more!!';
  const now = Date.UTC(2026, 10, 27, 12);
  const signed = signPreview({ secret, remote: 'checkout', release: '0.1.0-abc', minutes: 30, now });

  test('is accepted signed and unexpired, for its remote and release', () => {
    assert.deepEqual(verifyPreview(secret, signed, now), {
      remote: 'checkout',
      release: '0.1.0-abc',
      expires: now / 1000 + 1800,
    });
    const link = new URL(previewLink('https://site.example', '/purchase-success', signed));
    assert.equal(link.searchParams.get('preview'), 'checkout@0.1.0-abc');
  });

  test('is ignored tampered, expired, unsigned, or without a secret', () => {
    assert.equal(verifyPreview(secret, { ...signed, preview: 'checkout@0.1.0-def' }, now), undefined);
    assert.equal(verifyPreview(secret, { ...signed, expires: signed.expires + 60 }, now), undefined);
    assert.equal(verifyPreview(secret, signed, now + 31 * 60_000), undefined);
    assert.equal(verifyPreview(secret, { preview: signed.preview }, now), undefined);
    assert.equal(verifyPreview('another-secret', signed, now), undefined);
    assert.equal(verifyPreview(undefined, signed, now), undefined);
    assert.throws(() => signPreview({ secret: undefined, remote: 'checkout', release: 'x' }), /not set/);
  });

  test("is applied by the host's server for that browser only, which keeps it in a cookie", () => {
    const releasesDir = join(env.DATA_DIR, 'releases');
    mkdirSync(join(releasesDir, 'checkout', '0.1.0-abc'), { recursive: true });
    const config = {
      remotes: {
        checkout: { manifest: 'http://localhost:3002/0.1.0-cur/mf-manifest.json', release: '0.1.0-cur' },
      },
    };
    const forRequest = visitorReleases({ secret, releasesDir, now: () => now });
    const query = `preview=${encodeURIComponent(signed.preview)}&expires=${signed.expires}&signature=${signed.signature}`;
    const opened = forRequest({ url: `/purchase-success?${query}`, headers: {} }, config);
    assert.equal(opened.served.remotes.checkout.release, '0.1.0-abc');
    assert.equal(opened.served.remotes.checkout.previous.release, '0.1.0-cur');
    const cookie = opened.cookies.find((c) => c.startsWith('agency_preview='));
    assert.ok(cookie);
    const visitor = opened.cookies.find((c) => c.startsWith('agency_visitor=')).split(';')[0];
    const later = forRequest(
      { url: '/app-config.json', headers: { cookie: `${visitor}; ${cookie.split(';')[0]}` } },
      config,
    );
    assert.equal(later.served.remotes.checkout.release, '0.1.0-abc');
    assert.equal(later.served, opened.served, 'one object per choice');
    const other = forRequest({ url: '/purchase-success', headers: { cookie: visitor } }, config);
    assert.equal(other.served, config);
    const tampered = forRequest({ url: `/?${query.replace('0.1.0-abc', '0.1.0-cur')}`, headers: {} }, config);
    assert.equal(tampered.served, config);
    assert.ok(!tampered.cookies.some((c) => c.startsWith('agency_preview=')));
  });
});

test("the host's server picks each visitor's side, for the page and /app-config.json alike", () => {
  const config = {
    remotes: {
      checkout: {
        manifest: 'https://cdn/checkout/v1/mf-manifest.json',
        release: 'v1',
        canary: { manifest: 'https://cdn/checkout/v2/mf-manifest.json', release: 'v2', share: 50 },
      },
    },
  };
  const forRequest = visitorReleases({ releasesDir: work });
  const sides = new Set();
  for (let i = 0; i < 20; i++) {
    const request = { url: '/consultation/3', headers: { cookie: `agency_visitor=visitor-${i}-abcdef` } };
    const first = forRequest(request, config);
    assert.equal(forRequest(request, config).served, first.served, 'the same object for the same side');
    assert.equal(first.rendered, first.served);
    assert.equal(first.served.remotes.checkout.canary.share, 50, 'the canary is still named');
    assert.equal(first.key, first.served.remotes.checkout.release === 'v2' ? '|checkout' : '|');
    sides.add(first.served.remotes.checkout.release);
  }
  assert.deepEqual([...sides].sort(), ['v1', 'v2']);
});

describe('the release guard', () => {
  const settings = { marginPoints: 5, minLoads: 20 };
  test('rolls back a canary that fails more than the current release by the margin, over enough loads', () => {
    assert.equal(
      judgeCanary({ loads: 19, failures: 19 }, { loads: 100, failures: 0 }, settings).rollback,
      false,
    );
    assert.equal(
      judgeCanary({ loads: 20, failures: 2 }, { loads: 100, failures: 6 }, settings).rollback,
      false,
    );
    const verdict = judgeCanary({ loads: 20, failures: 3 }, { loads: 100, failures: 1 }, settings);
    assert.equal(verdict.rollback, true);
    assert.match(verdict.reason, /failure rate 15\.0% over 20 loads, current release 1\.0% over 100/);
  });

  test('has defaults, and takes its thresholds from the environment', () => {
    assert.deepEqual(guardSettings({}), { marginPoints: 5, minLoads: 20, intervalMs: 15_000 });
    assert.deepEqual(
      guardSettings({ CANARY_MARGIN_POINTS: '10', CANARY_MIN_LOADS: '3', CANARY_CHECK_MS: '500' }),
      {
        marginPoints: 10,
        minLoads: 3,
        intervalMs: 500,
      },
    );
    assert.throws(() => guardSettings({ CANARY_MIN_LOADS: 'many' }), /CANARY_MIN_LOADS/);
  });

  test('ends the failing canary, records it and tells the API', async () => {
    const [v1, v2] = [publish('v1'), publish('v2')];
    switchRelease({ env, remote, release: v1 });
    startCanary({ env, remote, release: v2, share: 50 });
    const notices = [];
    const api = createServer((req, res) => {
      if (req.url === '/ops/remote-health')
        return res.end(
          JSON.stringify({
            remotes: { checkout: { [v2]: { loads: 4, failures: 4, phases: { render: 4 } } } },
          }),
        );
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        notices.push({ url: req.url, body: JSON.parse(body) });
        res.end('{"ok":true}');
      });
    });
    await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
    try {
      env.API_URL = `http://127.0.0.1:${api.address().port}`;
      const done = await checkCanaries(env, { marginPoints: 5, minLoads: 3 });
      assert.equal(done.length, 1);
      assert.equal(readPointer(releasePaths(env).pointerFile).checkout.canary, undefined);
      const [line] = readAudit(env, 'checkout');
      assert.equal(line.action, 'automatic-rollback');
      assert.equal(line.actor, 'release-guard');
      assert.equal(line.release, v2);
      assert.match(line.reason, /^automatic: failure rate 100\.0% over 4 loads/);
      assert.equal(notices[0].url, '/ops/release-rollbacks');
      assert.deepEqual(notices[0].body.restored, v1);
      assert.deepEqual(await checkCanaries(env, { marginPoints: 5, minLoads: 3 }), [], 'nothing left to do');
    } finally {
      api.close();
    }
  });
});
