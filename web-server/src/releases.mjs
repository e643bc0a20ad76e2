// Remote releases: immutable folders and one pointer that says which is live. Under <DATA_DIR>/releases:
//   <remote>/<version>-<hash>/  a published build, never written again; the remote's origin serves this tree
//   remotes.json                the pointer: per remote, the base URL its releases are served from and the
//                               releases made current, newest last. Replaced whole (temp file + rename), so
//                               the host's server, which re-reads it on change, never sees half a write.
// Source maps and build stats (mf-stats.json: source paths, in no stable order) never enter a release
// folder: they are kept apart in <DATA_DIR>/source-maps/<remote>/<release>/ for an error tracker.
// In production the same maps onto a bucket behind a CDN (README, "Deploying one remote alone").
import { createHash, randomUUID } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  rmdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { userInfo } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { APPS, ROOT } from './apps.mjs';

/** How many releases a remote's history keeps for rollback; older folders stay published (`--to` reaches them). */
const HISTORY = 20;
const LOCK_STALE_MS = 30_000;
const KEPT_APART = /\.map$|(^|\/)mf-stats\.json(\.gz|\.br)?$/;

/**
 * The four remotes: their Module Federation name (used in commands, the pointer and the app config), folder,
 * Nx project and the variable naming their origin.
 * @returns {Promise<{ name: string, dir: string, project: string, urlVar: string, version: string }[]>}
 */
export async function remoteApps() {
  const remotes = [];
  for (const app of APPS.filter((a) => a.dir !== 'host')) {
    const appDir = join(ROOT, app.dir);
    const { default: federation } = await import(
      pathToFileURL(join(appDir, 'module-federation.config.mjs')).href
    );
    const pkg = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8'));
    remotes.push({
      name: federation.name,
      dir: app.dir,
      project: pkg.name,
      urlVar: app.urlVar,
      version: pkg.version,
    });
  }
  return remotes;
}

/** Finds a remote by its name (`checkout`, `client_portal`), folder (`remote-checkout`) or a dashed name. */
export async function findRemote(wanted) {
  const remotes = await remoteApps();
  const key = String(wanted ?? '').replace(/-/g, '_');
  const remote = remotes.find((r) => r.name === key || r.dir === wanted || r.dir === `remote-${wanted}`);
  if (!remote) {
    throw new Error(
      `${wanted ? `No remote called "${wanted}".` : 'Name a remote.'} Remotes: ${remotes.map((r) => r.name).join(', ')}.`,
    );
  }
  return remote;
}

/** @param {Record<string, string>} env the product's environment (resolveLocalEnv) */
export function releasePaths(env) {
  const dataDir = resolve(ROOT, env.DATA_DIR ?? '.data');
  const releasesDir = join(dataDir, 'releases');
  return {
    releasesDir,
    pointerFile: join(releasesDir, 'remotes.json'),
    auditFile: join(releasesDir, 'audit.jsonl'),
    sourceMapsDir: join(dataDir, 'source-maps'),
  };
}

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      relative(dir, join(entry.parentPath ?? entry.path, entry.name))
        .split(sep)
        .join('/'),
    )
    .sort();
}

/** `<version>-<first 10 hex of the SHA-256 of every served file's path and bytes>`: same build, same id. */
export function releaseId(buildDir, version) {
  const hash = createHash('sha256');
  for (const file of filesUnder(buildDir).filter((f) => !KEPT_APART.test(f))) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(buildDir, file)));
    hash.update('\0');
  }
  return `${version}-${hash.digest('hex').slice(0, 10)}`;
}

/**
 * Copies a remote's build into its release folder, unless that release exists already (same id = same
 * bytes). The copy is made beside it under a dot-name, which is never served, and renamed into place. The id
 * is the hash of that copy, not of the build folder: a build writing into the folder meanwhile (a second
 * release run, a rebuild) cannot give a folder whose files are not the ones its name stands for.
 * @returns {{ release: string, dir: string, created: boolean, files: number, bytes: number }}
 */
export function publishRelease({ env, remote, buildDir }) {
  if (!existsSync(join(buildDir, 'mf-manifest.json')))
    throw new Error(`${buildDir} holds no mf-manifest.json: build ${remote.dir} first.`);
  const { releasesDir, sourceMapsDir } = releasePaths(env);
  const incoming = join(releasesDir, remote.name, `.incoming-${process.pid}-${randomUUID()}`);
  for (const file of filesUnder(buildDir).filter((f) => !KEPT_APART.test(f))) {
    mkdirSync(join(incoming, file, '..'), { recursive: true });
    cpSync(join(buildDir, file), join(incoming, file));
  }
  const release = releaseId(incoming, remote.version);
  const dir = join(releasesDir, remote.name, release);
  const served = filesUnder(incoming);
  const stats = {
    release,
    dir,
    files: served.length,
    bytes: served.reduce((n, f) => n + statSync(join(incoming, f)).size, 0),
  };
  if (existsSync(dir)) {
    rmSync(incoming, { recursive: true, force: true });
    return { ...stats, created: false };
  }
  const maps = join(sourceMapsDir, remote.name, release);
  for (const file of filesUnder(buildDir).filter((f) => KEPT_APART.test(f))) {
    mkdirSync(join(maps, file, '..'), { recursive: true });
    cpSync(join(buildDir, file), join(maps, file));
  }
  try {
    renameSync(incoming, dir);
  } catch (error) {
    // Published by a concurrent run in the meantime: the same id holds the same bytes.
    rmSync(incoming, { recursive: true, force: true });
    if (!existsSync(dir)) throw error;
    return { ...stats, created: false };
  }
  return { ...stats, created: true };
}

/**
 * `canary`: a release current for `share` percent of visitors only (the rest get the last of `history`).
 * @returns {Record<string, { base: string, history: string[], startedWith?: string, canary?: { release: string, share: number, since: string } }>}
 */
export function readPointer(pointerFile) {
  if (!existsSync(pointerFile)) return {};
  return JSON.parse(readFileSync(pointerFile, 'utf8'));
}

function writePointer(pointerFile, pointer) {
  const temp = `${pointerFile}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(pointer, null, 2)}\n`);
  renameSync(temp, pointerFile);
}

/** Runs `change` on the pointer under a lock (a directory: mkdir is atomic), then replaces the file. */
export function updatePointer(env, change) {
  const { releasesDir, pointerFile } = releasePaths(env);
  mkdirSync(releasesDir, { recursive: true });
  const lock = `${pointerFile}.lock`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline)
        throw new Error(`${lock} is held by another release; try again.`, { cause: error });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  }
  try {
    const pointer = readPointer(pointerFile);
    const result = change(pointer);
    writePointer(pointerFile, pointer);
    return result;
  } finally {
    rmdirSync(lock);
  }
}

const manifestUrl = (base, release) => `${base}/${release}/mf-manifest.json`;

/**
 * Makes `release` the current one of `remote`, served from `base`. Switching to the release that is already
 * current only updates the base (a remote moved to another origin). `byStart`: the product's start made it
 * current (the build it was started with), not a team's release; the pointer remembers which, so the next
 * start may replace only its own choice (see publishBuilds).
 * @returns {{ from?: string, to: string }}
 */
export function switchRelease({ env, remote, release, base = env[remote.urlVar], byStart = false }) {
  const { releasesDir } = releasePaths(env);
  if (!existsSync(join(releasesDir, remote.name, release)))
    throw new Error(`${remote.name} has no published release ${release}.`);
  return updatePointer(env, (pointer) => {
    const entry = (pointer[remote.name] ??= { base, history: [] });
    entry.base = base;
    const from = entry.history.at(-1);
    // A release to everyone ends a canary (promoting it, when it is the canary release); switching to the
    // release that is already current (a restart) leaves a canary running.
    if (from !== release || entry.canary?.release === release) delete entry.canary;
    if (from !== release) entry.history = [...entry.history, release].slice(-HISTORY);
    if (byStart) entry.startedWith = release;
    else delete entry.startedWith;
    return { from, to: release };
  });
}

/**
 * Makes `release` current for `share` percent of visitors (sticky per visitor, see
 * web-server/src/release-selection.mjs); the others keep the current release. Replaces a canary under way.
 * @returns {{ from?: string, to: string, share: number, replaced?: string }}
 */
export function startCanary({ env, remote, release, share, base = env[remote.urlVar] }) {
  const { releasesDir } = releasePaths(env);
  if (!(Number.isInteger(share) && share >= 1 && share <= 99))
    throw new Error(`A canary's share is a whole percentage from 1 to 99 (got ${share}).`);
  if (!existsSync(join(releasesDir, remote.name, release)))
    throw new Error(`${remote.name} has no published release ${release}.`);
  return updatePointer(env, (pointer) => {
    const entry = pointer[remote.name];
    const from = entry?.history.at(-1);
    if (!entry || !from)
      throw new Error(`${remote.name} has no current release yet: release it to everyone first.`);
    if (from === release) throw new Error(`${release} is already ${remote.name}'s current release.`);
    entry.base = base;
    const replaced = entry.canary?.release;
    entry.canary = { release, share, since: new Date().toISOString() };
    return { from, to: release, share, ...(replaced && replaced !== release && { replaced }) };
  });
}

/**
 * Takes the running canary to every visitor. `expected`: the canary release the caller means (refused if
 * another one runs now).
 * @returns {{ from: string, to: string }}
 */
export function promoteCanary({ env, remote, expected }) {
  return updatePointer(env, (pointer) => {
    const entry = pointer[remote.name];
    const canary = entry?.canary?.release;
    if (!canary) throw new Error(`${remote.name} has no canary to promote.`);
    if (expected && expected !== canary)
      throw new Error(`${remote.name}'s canary is now ${canary}, not ${expected}: run it again.`);
    const from = entry.history.at(-1);
    delete entry.canary;
    delete entry.startedWith;
    entry.history = [...entry.history.filter((r) => r !== canary), canary].slice(-HISTORY);
    return { from, to: canary };
  });
}

/**
 * Ends the running canary: every visitor gets the current release again. `expected`: the canary release the
 * caller checked (an automatic rollback judged that one); nothing changes when another one runs now.
 * @returns {{ from: string, to: string } | undefined} undefined when there was no such canary
 */
export function endCanary({ env, remote, expected }) {
  return updatePointer(env, (pointer) => {
    const entry = pointer[remote.name];
    const canary = entry?.canary?.release;
    if (!canary || (expected && expected !== canary)) return undefined;
    delete entry.canary;
    return { from: canary, to: entry.history.at(-1) };
  });
}

/**
 * Switches back to the release before the current one (dropping the current one from the history), or to
 * `to`, any published release. `expected`: the switch the caller checked (see rollbackTarget); refused if
 * another release or rollback changed it meanwhile.
 * @returns {{ from: string, to: string }}
 */
export function rollbackRelease({ env, remote, to, expected }) {
  return updatePointer(env, (pointer) => {
    const { from, to: target } = rollbackTarget(pointer, { env, remote, to });
    if (expected && (expected.from !== from || expected.to !== target))
      throw new Error(
        `${remote.name} changed while its rollback was checked (now ${from}, going to ${target}): run it again.`,
      );
    const entry = pointer[remote.name];
    delete entry.startedWith;
    delete entry.canary;
    if (!to) entry.history = entry.history.slice(0, -1);
    else if (to !== from) entry.history = [...entry.history.filter((r) => r !== to), to].slice(-HISTORY);
    return { from, to: target };
  });
}

/**
 * The switch a rollback of `remote` makes on this pointer: from the current release to the previous one, or
 * to `to`. Throws when there is none, or its folder is not published.
 * @returns {{ from: string, to: string }}
 */
export function rollbackTarget(pointer, { env, remote, to }) {
  const entry = pointer[remote.name];
  const from = entry?.history.at(-1);
  if (!entry || !from) throw new Error(`${remote.name} has no current release to roll back from.`);
  const target = to ?? entry.history.at(-2);
  if (!target)
    throw new Error(
      `${remote.name} has no previous release in its history. Pick one with --to <release> (npm run releases -- ${remote.name}).`,
    );
  if (!listReleases({ env, remote }).some((r) => r.release === target))
    throw new Error(
      `${remote.name} has no published release ${target}. See: npm run releases -- ${remote.name}`,
    );
  return { from, to: target };
}

/**
 * Every published release of a remote, newest first, with its publication time and its role.
 * @returns {{ release: string, publishedAt: Date, role?: string }[]}
 */
export function listReleases({ env, remote }) {
  const { releasesDir, pointerFile } = releasePaths(env);
  const dir = join(releasesDir, remote.name);
  if (!existsSync(dir)) return [];
  const entry = readPointer(pointerFile)[remote.name];
  const history = entry?.history ?? [];
  const { release: canary, share } = entry?.canary ?? {};
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => ({
      release: entry.name,
      publishedAt: statSync(join(dir, entry.name)).mtime,
      role:
        entry.name === canary
          ? `canary (${share}% of visitors)`
          : entry.name === history.at(-1)
            ? 'current'
            : entry.name === history.at(-2)
              ? 'previous'
              : undefined,
    }))
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || b.release.localeCompare(a.release));
}

/**
 * The `remotes` section of /app-config.json from the pointer: each remote's current release and the one
 * before it, as manifest URLs.
 * @returns {Record<string, import('../../shared/app-config/src/index.ts').RemoteLocation>}
 */
export function servedRemotes(pointer) {
  const remotes = {};
  for (const [name, { base, history, canary }] of Object.entries(pointer)) {
    const [current, previous] = [history.at(-1), history.at(-2)];
    if (!current) continue;
    remotes[name] = {
      manifest: manifestUrl(base, current),
      release: current,
      ...(previous && { previous: { manifest: manifestUrl(base, previous), release: previous } }),
      ...(canary && {
        canary: { manifest: manifestUrl(base, canary.release), release: canary.release, share: canary.share },
      }),
    };
  }
  return remotes;
}

/**
 * Who runs a release command: RELEASE_ACTOR when set, else the CI's name for the run (GitHub Actions, GitLab,
 * or `ci`), else the OS user.
 */
export function releaseActor(env = process.env) {
  if (env.RELEASE_ACTOR) return env.RELEASE_ACTOR;
  if (env.CI) {
    const who = env.GITHUB_ACTOR ?? env.GITLAB_USER_LOGIN ?? env.BUILDKITE_BUILD_CREATOR;
    const where = env.GITHUB_ACTIONS ? 'github-actions' : env.GITLAB_CI ? 'gitlab-ci' : 'ci';
    return who ? `${where}:${who}` : where;
  }
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

/**
 * Appends one line to the release audit log (<DATA_DIR>/releases/audit.jsonl): opened for appending only, one
 * write per line, never rewritten.
 * @param {{ action: 'release' | 'canary' | 'promote' | 'rollback' | 'automatic-rollback', remote: string,
 *           release: string, from?: string, actor: string, reason: string, share?: number }} entry
 */
export function appendAudit(env, entry) {
  const { releasesDir, auditFile } = releasePaths(env);
  mkdirSync(releasesDir, { recursive: true });
  const line = { at: new Date().toISOString(), ...entry };
  appendFileSync(auditFile, `${JSON.stringify(line)}\n`, { flag: 'a' });
  return line;
}

/** The audit log, oldest first (of one remote, when named). */
export function readAudit(env, remote) {
  const { auditFile } = releasePaths(env);
  if (!existsSync(auditFile)) return [];
  return readFileSync(auditFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line)];
      } catch {
        return [];
      }
    })
    .filter((entry) => !remote || entry.remote === remote);
}
