// `npm run release`, `npm run rollback` and `npm run releases`: what a remote's team runs to ship it alone,
// while the product runs, without touching the host; `npm run api:check`, what the API's team runs before a
// deploy. Each prints what it did and exits non-zero when it refuses.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../../web-server/src/apps.mjs';
import { apiCheck, checkContract, contractsOf } from './release-contracts.mjs';
import { kB, Refused, shown, step } from './release-output.mjs';
import { resolveLocalEnv } from '../../web-server/src/local-env.mjs';
import { fetchRemoteHealth, percent } from '../../web-server/src/release-guard.mjs';
import { previewLink, signPreview } from '../../web-server/src/preview-links.mjs';
import {
  appendAudit,
  endCanary,
  findRemote,
  listReleases,
  promoteCanary,
  publishRelease,
  readAudit,
  readPointer,
  releaseActor,
  releaseId,
  releasePaths,
  remoteApps,
  rollbackRelease,
  rollbackTarget,
  servedRemotes,
  startCanary,
  switchRelease,
} from '../../web-server/src/releases.mjs';

function build(remote) {
  const result = spawnSync('npx', ['nx', 'run', `${remote.project}:build`, '--outputStyle=static'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Refused(`The build of ${remote.dir} failed (output above); nothing was published.`);
  }
  const cached = /existing outputs match the cache|local cache/i.test(result.stdout);
  step('build', `${remote.dir}/dist (${cached ? 'unchanged, replayed from the Nx cache' : 'built'})`);
  return join(ROOT, remote.dir, 'dist');
}

/** Where the current release is served, and whether it answers there now. */
async function live(env, remote) {
  const url = liveUrl(env, remote);
  const status = await fetch(url, { signal: AbortSignal.timeout(3000) }).then(
    (response) => `answers ${response.status}`,
    () => 'not answering: is the product running?',
  );
  step('live', `${url} (${status})`);
}

const currentOf = (env, remote) => readPointer(releasePaths(env).pointerFile)[remote.name]?.history.at(-1);
const liveUrl = (env, remote) =>
  servedRemotes(readPointer(releasePaths(env).pointerFile))[remote.name]?.manifest;

/** The first page of the site that loads the remote, for a preview link. */
function pageOf(remote) {
  const routes = JSON.parse(readFileSync(join(ROOT, 'host', 'src', 'app', 'remote-routes.json'), 'utf8'));
  const route = routes.routes.find((r) => r.remote === remote.name && !r.path.includes(':'));
  return route?.path ?? '/';
}

/** npm run release -- <remote> --promote: the running canary goes to every visitor. */
async function promote(env, remote, reason) {
  console.log(`Promoting ${remote.name}'s canary (${remote.dir})`);
  const { from, to } = promoteCanary({ env, remote });
  step('switch', `${remote.name} ${from} -> ${to} for every visitor`);
  const line = appendAudit(env, {
    action: 'promote',
    remote: remote.name,
    release: to,
    from,
    actor: releaseActor(),
    reason: reason ?? 'canary promoted to every visitor',
  });
  step('audit', `${line.at} ${line.actor}: ${line.reason}`);
  await live(env, remote);
}

/**
 * npm run release -- <remote> [--from <build folder>] [--force] [--canary <percent> | --preview [--minutes <n>]]
 *   [--reason <text>]; npm run release -- <remote> --promote
 */
async function release(args) {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      force: { type: 'boolean', default: false },
      canary: { type: 'string' },
      promote: { type: 'boolean', default: false },
      preview: { type: 'boolean', default: false },
      minutes: { type: 'string' },
      reason: { type: 'string' },
    },
  });
  const env = await resolveLocalEnv();
  const remote = await findRemote(positionals[0]);
  if (values.promote) return promote(env, remote, values.reason);
  const share = values.canary === undefined ? undefined : Number(values.canary);
  if (share !== undefined && !(Number.isInteger(share) && share >= 1 && share <= 99))
    throw new Refused(`--canary takes a whole percentage of visitors from 1 to 99 (got ${values.canary}).`);
  if (share !== undefined && values.preview) throw new Refused('--canary and --preview do not go together.');
  console.log(
    `${values.preview ? 'Publishing for preview' : share ? `Releasing to ${share}% of visitors` : 'Releasing'} ${remote.name} (${remote.dir})`,
  );
  const dir = values.from ? resolve(values.from) : build(remote);
  if (values.from) step('build', `${shown(dir)} (given with --from)`);
  if (!existsSync(join(dir, 'mf-manifest.json')))
    throw new Refused(`${shown(dir)} holds no mf-manifest.json.`);
  const id = releaseId(dir, remote.version);
  const before = currentOf(env, remote);
  try {
    checkContract({
      remote,
      dir,
      release: id,
      ...(await contractsOf(env, values.force)),
      force: values.force,
    });
  } catch (error) {
    if (error instanceof Refused)
      error.message += `\nNothing was published; ${remote.name} stays on ${before ?? 'what it was'}.`;
    throw error;
  }
  const published = publishRelease({ env, remote, buildDir: dir });
  const maps = join(releasePaths(env).sourceMapsDir, remote.name, published.release);
  step(
    'publish',
    `${shown(published.dir)} ${published.created ? `(${published.files} files, ${kB(published.bytes)}; source maps kept apart in ${shown(maps)})` : '(already published: same bytes, same release)'}`,
  );
  const actor = releaseActor();
  if (values.preview) {
    const minutes = values.minutes ? Number(values.minutes) : 60;
    const signed = signPreview({
      secret: env.RELEASE_PREVIEW_SECRET,
      remote: remote.name,
      release: published.release,
      minutes,
    });
    const link = previewLink(env.PUBLIC_SITE_URL, pageOf(remote), signed);
    const until = new Date(signed.expires * 1000).toISOString().replace('T', ' ').slice(0, 19);
    step('preview', `${link}`);
    console.log(
      `Nothing switched: that link loads ${published.release} in the browser that opens it, until ${until} UTC.`,
    );
    return;
  }
  if (share !== undefined) {
    const { from, to, replaced } = startCanary({ env, remote, release: published.release, share });
    step(
      'canary',
      `${remote.name} ${to} for ${share}% of visitors, ${from} for the rest${replaced ? ` (replaces the canary ${replaced})` : ''}`,
    );
    const line = appendAudit(env, {
      action: 'canary',
      remote: remote.name,
      release: to,
      from,
      share,
      actor,
      reason: values.reason ?? `canary to ${share}% of visitors`,
    });
    step('audit', `${line.at} ${line.actor}: ${line.reason}`);
    await live(env, remote);
    console.log(
      `Each visitor keeps their side. To everyone: npm run release -- ${remote.name} --promote; end it: npm run rollback -- ${remote.name}`,
    );
    return;
  }
  const { from, to } = switchRelease({ env, remote, release: published.release });
  step(
    'switch',
    from === to ? `${remote.name} was already on ${to}` : `${remote.name} ${from ?? '(none)'} -> ${to}`,
  );
  if (from !== to) {
    const line = appendAudit(env, {
      action: 'release',
      remote: remote.name,
      release: to,
      ...(from && { from }),
      actor,
      reason: values.reason ?? 'released to every visitor',
    });
    step('audit', `${line.at} ${line.actor}: ${line.reason}`);
  }
  await live(env, remote);
  console.log(
    `New visitors get it now, open tabs on their next visit to a ${remote.name} page. Undo: npm run rollback -- ${remote.name}`,
  );
}

/** npm run rollback -- <remote> [--to <release>] [--force] */
async function rollback(args) {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      force: { type: 'boolean', default: false },
      reason: { type: 'string' },
    },
  });
  const env = await resolveLocalEnv();
  const remote = await findRemote(positionals[0]);
  console.log(`Rolling back ${remote.name} (${remote.dir})`);
  const canary = readPointer(releasePaths(env).pointerFile)[remote.name]?.canary;
  if (canary && !values.to) {
    // A canary is ended: every visitor gets the current release again, which they already run.
    const ended = endCanary({ env, remote, expected: canary.release });
    if (!ended) throw new Refused(`${remote.name}'s canary changed meanwhile: run it again.`);
    step('switch', `canary ${ended.from} ended: every visitor gets ${ended.to}`);
    const line = appendAudit(env, {
      action: 'rollback',
      remote: remote.name,
      release: ended.from,
      to: ended.to,
      actor: releaseActor(),
      reason: values.reason ?? 'canary ended by hand',
    });
    step('audit', `${line.at} ${line.actor}: ${line.reason}`);
    await live(env, remote);
    return;
  }
  // Checked on the pointer as it is now; the switch is refused if a release or rollback changed it meanwhile.
  const expected = rollbackTarget(readPointer(releasePaths(env).pointerFile), { env, remote, to: values.to });
  checkContract({
    remote,
    dir: join(releasePaths(env).releasesDir, remote.name, expected.to),
    release: expected.to,
    ...(await contractsOf(env, values.force)),
    force: values.force,
  });
  const { from, to } = rollbackRelease({ env, remote, to: values.to, expected });
  step('switch', from === to ? `${remote.name} was already on ${to}` : `${remote.name} ${from} -> ${to}`);
  const line = appendAudit(env, {
    action: 'rollback',
    remote: remote.name,
    release: from,
    to,
    actor: releaseActor(),
    reason: values.reason ?? (values.to ? `rolled back to ${to}` : 'rolled back to the previous release'),
  });
  step('audit', `${line.at} ${line.actor}: ${line.reason}`);
  await live(env, remote);
  console.log(`New visitors get it now, open tabs on their next visit to a ${remote.name} page.`);
}

/** npm run releases [-- <remote>] */
async function releases(args) {
  const { positionals } = parseArgs({ args, allowPositionals: true });
  const env = await resolveLocalEnv();
  const remotes = positionals[0] ? [await findRemote(positionals[0])] : await remoteApps();
  const pointer = readPointer(releasePaths(env).pointerFile);
  // Failure rates from the reports of real browsers, as the API counts them (its ops token if set).
  const health = await fetchRemoteHealth(env).catch((error) => {
    console.log(`(failure rates not shown: ${error.cause?.code ?? error.message})`);
    return undefined;
  });
  for (const remote of remotes) {
    const all = listReleases({ env, remote });
    const base = pointer[remote.name]?.base ?? env[remote.urlVar];
    console.log(
      `${remote.name}: ${all.length} release(s) in ${shown(join(releasePaths(env).releasesDir, remote.name))}, served from ${base}`,
    );
    for (const { release: id, publishedAt, role } of all) {
      const when = publishedAt.toISOString().replace('T', ' ').slice(0, 19);
      const counted = health?.[remote.name]?.[id];
      const rate = !health
        ? ''
        : counted?.loads
          ? `  failures ${percent(counted.failures / counted.loads)} (${counted.failures}/${counted.loads} loads${
              Object.keys(counted.phases).length
                ? `: ${Object.entries(counted.phases)
                    .map(([phase, n]) => `${phase} ${n}`)
                    .join(', ')}`
                : ''
            })`
          : '  no loads reported';
      console.log(`  ${id}  published ${when} UTC${role ? `  ${role}` : ''}${rate}`);
    }
    const audit = readAudit(env, remote.name);
    if (audit.length) console.log(`  audit log (${shown(releasePaths(env).auditFile)}), oldest first:`);
    for (const entry of audit) {
      const target = entry.to ? ` -> ${entry.to}` : entry.from ? ` (was ${entry.from})` : '';
      console.log(
        `    ${entry.at}  ${entry.action}  ${entry.release}${target}  by ${entry.actor}: ${entry.reason}`,
      );
    }
  }
}

const COMMANDS = { release, rollback, releases, 'api:check': apiCheck };

/** Runs one command with the process's arguments; a refusal or a usage error prints its message and exits 1. */
export async function runReleaseCommand(name, args = process.argv.slice(2)) {
  try {
    await COMMANDS[name](args);
  } catch (error) {
    console.error(error instanceof Refused ? error.message : `npm run ${name} failed: ${error.message}`);
    process.exitCode = 1;
  }
}
