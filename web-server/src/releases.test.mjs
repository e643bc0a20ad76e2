import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, beforeEach, describe, test } from 'node:test';
import {
  findRemote,
  listReleases,
  publishRelease,
  readPointer,
  releaseId,
  releasePaths,
  rollbackRelease,
  rollbackTarget,
  servedRemotes,
  switchRelease,
  updatePointer,
} from './releases.mjs';
import { publishBuilds } from './web-server.mjs';

const work = mkdtempSync(join(tmpdir(), 'agency-releases-test-'));
after(() => rmSync(work, { recursive: true, force: true }));

const remote = {
  name: 'checkout',
  dir: 'remote-checkout',
  project: '@agency/remote-checkout',
  urlVar: 'CHECKOUT_URL',
  version: '0.1.0',
};
let env;
let builds = 0;

/** A build folder like rspack writes one: manifest, entry, a chunk, its source map and the build stats. */
function build(content) {
  const dir = join(work, `build-${(builds += 1)}`);
  const files = {
    'mf-manifest.json': '{"exposes":[],"shared":[]}',
    'remoteEntry.js': `entry(${content})`,
    'static/js/1.0123456789.js': `chunk(${content})`,
    'static/js/1.0123456789.js.map': `{"map":${builds}}`,
    'mf-stats.json': `{"order":${builds}}`,
  };
  for (const [file, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), body);
  }
  return dir;
}

beforeEach(() => {
  env = { DATA_DIR: mkdtempSync(join(work, 'data-')), CHECKOUT_URL: 'http://localhost:3002' };
});

describe('a release', () => {
  test('is named by version and content: the same bytes give the same id; maps and build stats do not count', () => {
    const a = build('v1');
    const b = build('v1');
    const c = build('v2');
    assert.match(releaseId(a, '0.1.0'), /^0\.1\.0-[0-9a-f]{10}$/);
    assert.equal(releaseId(a, '0.1.0'), releaseId(b, '0.1.0'), 'only the .map and mf-stats.json differ');
    assert.notEqual(releaseId(a, '0.1.0'), releaseId(c, '0.1.0'));
  });

  test('is published once, without source maps or build stats, which are kept apart', () => {
    const dir = build('v1');
    const first = publishRelease({ env, remote, buildDir: dir });
    assert.equal(first.created, true);
    assert.equal(first.files, 3);
    assert.equal(readFileSync(join(first.dir, 'remoteEntry.js'), 'utf8'), 'entry(v1)');
    assert.equal(existsSync(join(first.dir, 'static/js/1.0123456789.js.map')), false);
    assert.equal(existsSync(join(first.dir, 'mf-stats.json')), false);
    const maps = join(releasePaths(env).sourceMapsDir, 'checkout', first.release);
    assert.ok(existsSync(join(maps, 'static/js/1.0123456789.js.map')));

    const again = publishRelease({ env, remote, buildDir: build('v1') });
    assert.deepEqual({ ...again, created: true }, first);
    assert.equal(again.created, false);
  });

  test('is never written again: a rebuild of the same version is another release beside it', () => {
    const dir = build('v1');
    const v1 = publishRelease({ env, remote, buildDir: dir });
    writeFileSync(join(dir, 'remoteEntry.js'), 'entry(rebuilt in place)');
    const v2 = publishRelease({ env, remote, buildDir: dir });
    assert.notEqual(v2.release, v1.release);
    assert.equal(readFileSync(join(v1.dir, 'remoteEntry.js'), 'utf8'), 'entry(v1)');
    assert.equal(readFileSync(join(v2.dir, 'remoteEntry.js'), 'utf8'), 'entry(rebuilt in place)');
  });

  test('needs a build with a manifest', () => {
    assert.throws(
      () => publishRelease({ env, remote, buildDir: join(work, 'nowhere') }),
      /holds no mf-manifest\.json/,
    );
  });
});

describe('the pointer', () => {
  const publish = (content) => publishRelease({ env, remote, buildDir: build(content) }).release;

  test('switching makes a release current and keeps the one before it as previous, as manifest URLs', () => {
    const v1 = publish('v1');
    const v2 = publish('v2');
    assert.deepEqual(switchRelease({ env, remote, release: v1 }), { from: undefined, to: v1 });
    assert.deepEqual(switchRelease({ env, remote, release: v2 }), { from: v1, to: v2 });
    assert.deepEqual(servedRemotes(readPointer(releasePaths(env).pointerFile)), {
      checkout: {
        manifest: `http://localhost:3002/${v2}/mf-manifest.json`,
        release: v2,
        previous: { manifest: `http://localhost:3002/${v1}/mf-manifest.json`, release: v1 },
      },
    });
    assert.deepEqual(
      switchRelease({ env, remote, release: v2 }),
      { from: v2, to: v2 },
      'switching again changes nothing',
    );
    assert.deepEqual(readPointer(releasePaths(env).pointerFile).checkout.history, [v1, v2]);
  });

  test('a remote moved to another origin keeps its releases: the base URL changes, the history stays', () => {
    const v1 = publish('v1');
    switchRelease({ env, remote, release: v1 });
    switchRelease({ env, remote, release: v1, base: 'https://cdn.example/checkout' });
    assert.equal(
      servedRemotes(readPointer(releasePaths(env).pointerFile)).checkout.manifest,
      `https://cdn.example/checkout/${v1}/mf-manifest.json`,
    );
  });

  test('only a published release can be switched to', () => {
    assert.throws(() => switchRelease({ env, remote, release: '0.1.0-0000000000' }), /no published release/);
  });

  test('rollback switches to the previous release and drops the bad one from the history', () => {
    const [v1, v2, v3] = [publish('v1'), publish('v2'), publish('v3')];
    for (const release of [v1, v2, v3]) switchRelease({ env, remote, release });
    assert.deepEqual(rollbackRelease({ env, remote }), { from: v3, to: v2 });
    const served = servedRemotes(readPointer(releasePaths(env).pointerFile)).checkout;
    assert.equal(served.release, v2);
    assert.equal(
      served.previous.release,
      v1,
      'the fallback is the release before, not the one rolled back from',
    );
    assert.deepEqual(rollbackRelease({ env, remote }), { from: v2, to: v1 });
    assert.throws(
      () => rollbackRelease({ env, remote }),
      /no previous release in its history\. Pick one with --to/,
    );
    assert.deepEqual(
      rollbackRelease({ env, remote, to: v3 }),
      { from: v1, to: v3 },
      'any published release with --to',
    );
    assert.throws(
      () => rollbackRelease({ env, remote, to: '0.1.0-0000000000' }),
      /no published release 0\.1\.0-0000000000/,
    );
  });

  test('a rollback is refused when another release changed what it checked', () => {
    const [v1, v2, v3] = [publish('v1'), publish('v2'), publish('v3')];
    for (const release of [v1, v2]) switchRelease({ env, remote, release });
    const expected = rollbackTarget(readPointer(releasePaths(env).pointerFile), { env, remote });
    assert.deepEqual(expected, { from: v2, to: v1 });
    switchRelease({ env, remote, release: v3 });
    assert.throws(
      () => rollbackRelease({ env, remote, expected }),
      /changed while its rollback was checked \(now .*, going to .*\): run it again/,
    );
    assert.equal(servedRemotes(readPointer(releasePaths(env).pointerFile)).checkout.release, v3);
  });

  test('a release list shows every published release, newest first, with the current and previous ones', () => {
    const [v1, v2, v3] = [publish('v1'), publish('v2'), publish('v3')];
    const { releasesDir } = releasePaths(env);
    [v1, v2, v3].forEach((release, i) =>
      utimesSync(join(releasesDir, 'checkout', release), 1_700_000_000 + i, 1_700_000_000 + i),
    );
    switchRelease({ env, remote, release: v1 });
    switchRelease({ env, remote, release: v2 });
    assert.deepEqual(
      listReleases({ env, remote }).map(({ release, role }) => [release, role]),
      [
        [v3, undefined],
        [v2, 'current'],
        [v1, 'previous'],
      ],
    );
  });

  test('changes are made under a lock; a lock left behind by a crashed command is taken over', () => {
    const { pointerFile } = releasePaths(env);
    updatePointer(env, () => {});
    mkdirSync(`${pointerFile}.lock`);
    const old = Date.now() / 1000 - 60;
    utimesSync(`${pointerFile}.lock`, old, old);
    assert.equal(
      updatePointer(env, (pointer) => {
        pointer.checkout = { base: 'http://localhost:3002', history: [] };
        return 'done';
      }),
      'done',
    );
    assert.equal(existsSync(`${pointerFile}.lock`), false);
    assert.deepEqual(readPointer(pointerFile).checkout.history, []);
  });
});

test("npm start serves each new build, and a restart never undoes a team's release or rollback", async () => {
  const names = ['marketing', 'checkout', 'client_portal', 'admin_portal'];
  const builds = (content) => Object.fromEntries(names.map((name) => [name, build(`${name} ${content}`)]));
  const current = () => servedRemotes(readPointer(releasePaths(env).pointerFile)).checkout?.release;
  const log = [];

  await publishBuilds(env, builds('v1'), (line) => log.push(line));
  const v1 = current();
  await publishBuilds(env, builds('v2'), (line) => log.push(line));
  const v2 = current();
  assert.notEqual(v2, v1);
  assert.match(log.at(-3), new RegExp(`^\\[releases\\] checkout ${v2} \\(new build, current, was ${v1}\\)$`));

  rollbackRelease({ env, remote, to: undefined });
  assert.equal(current(), v1);
  await publishBuilds(env, builds('v2'), (line) => log.push(line));
  assert.equal(current(), v1, 'the build rolled back from stays off');
  assert.match(log.at(-3), /was published before and stays off: npm run rollback -- checkout --to /);

  // A new image of the whole product (every remote rebuilt from main) ships nothing over the team's rollback…
  await publishBuilds(env, builds('v3'), (line) => log.push(line));
  assert.equal(current(), v1, "a new build stays off while the team's rollback stands");
  assert.match(
    log.at(-3),
    /is published and stays off, since .* was released by its team: npm run release -- checkout/,
  );
  // …nor over a team's release; the remotes whose current build a start chose move on.
  const v4 = publishRelease({ env, remote, buildDir: build('checkout v4') }).release;
  switchRelease({ env, remote, release: v4 });
  await publishBuilds(env, builds('v5'), (line) => log.push(line));
  assert.equal(current(), v4);
  const marketing = () => servedRemotes(readPointer(releasePaths(env).pointerFile)).marketing?.release;
  assert.match(
    log.at(-4),
    new RegExp(`^\\[releases\\] marketing ${marketing()} \\(new build, current, was `),
  );
});

test('a remote is found by its name, its folder or a dashed name', async () => {
  assert.equal((await findRemote('checkout')).dir, 'remote-checkout');
  assert.equal((await findRemote('remote-client-portal')).name, 'client_portal');
  assert.equal((await findRemote('admin-portal')).name, 'admin_portal');
  await assert.rejects(findRemote('billing'), /No remote called "billing"\. Remotes: marketing, checkout/);
});
