// `npm run release`, `npm run rollback` and `npm run releases`: what a remote's team runs to ship it alone,
// while the product runs, without touching the host; `npm run api:check`, what the API's team runs before a
// deploy. Each prints what it did and exits non-zero when it refuses.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { HOST_CONTRACT_FILE } from '../federation/host-contract.mjs';
import { contractProblems, describeProblem } from '../federation/remote-contract.mjs';
import {
  API_REQUESTS_FILE,
  currentRequestContract,
  describeRequestProblem,
  requestProblems,
} from '../federation/api-requests.mjs';
import { ROOT } from './apps.mjs';
import { resolveLocalEnv } from './local-env.mjs';
import { fetchRemoteHealth, percent } from './release-guard.mjs';
import { previewLink, signPreview } from './preview-links.mjs';
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
} from './releases.mjs';

const shown = (path) => {
  const rel = relative(ROOT, path);
  return rel.startsWith('..') || isAbsolute(rel) ? path : rel;
};
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const step = (name, text) => console.log(`  ${name.padEnd(9)} ${text}`);

class Refused extends Error {}

/**
 * A contract a release must fit, as the service that runs gives it (`path` under `base`). `whenLocalDown` stands
 * in for a local service that is not running; one that does not answer otherwise (a timeout, a remote service
 * down) refuses the release, and so does one that answers an error (`predates` says what to do).
 */
async function runningContract({ name, base, path, read, whenLocalDown, predates }) {
  const unexpected = () =>
    new Refused(
      `The ${name} at ${base} answered ${path} with something that is not its contract: is that the ${name}'s address?`,
    );
  const url = `${base}${path}`;
  let response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(3000) });
  } catch (error) {
    const localDown =
      error?.cause?.code === 'ECONNREFUSED' &&
      ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);
    if (!localDown) {
      throw new Refused(
        `The ${name} at ${base} did not answer (${error?.cause?.code ?? error?.name ?? error}): a release is checked against the ${name} that runs; try again once it answers.`,
      );
    }
    return whenLocalDown();
  }
  if (!response.ok)
    throw new Refused(`The ${name} at ${base} answered ${response.status} for ${path}: ${predates}`);
  const contract = read(await response.json().catch(() => undefined));
  if (!contract) throw unexpected();
  return { contract, source: `the running ${name} (${url})` };
}

/**
 * What the host provides and loads: from the running host (what a release must fit), or from its build in
 * host/dist when the host is a local one that is not running (elsewhere host/dist may not be what runs).
 */
export function hostContractOf(env) {
  return runningContract({
    name: 'host',
    base: env.PUBLIC_SITE_URL,
    path: `/${HOST_CONTRACT_FILE}`,
    read: (contract) => (contract?.shared && contract?.loads ? contract : undefined),
    predates: 'it predates release checks; deploy the host first.',
    whenLocalDown: () => {
      const file = join(ROOT, 'host', 'dist', HOST_CONTRACT_FILE);
      if (!existsSync(file)) {
        throw new Refused(
          `The host at ${env.PUBLIC_SITE_URL} does not answer and host/dist has no ${HOST_CONTRACT_FILE}: start the product or build the host first.`,
        );
      }
      return {
        contract: JSON.parse(readFileSync(file, 'utf8')),
        source: `${shown(file)} (the host is not running)`,
      };
    },
  });
}

/**
 * What the API takes in each request: from the running API (GET /api/contract), or what this checkout's API
 * would take when the API is a local one that is not running.
 */
export function apiContractOf(env) {
  return runningContract({
    name: 'API',
    base: env.API_URL,
    path: '/api/contract',
    read: (answer) => (typeof answer?.requests === 'object' ? answer.requests : undefined),
    predates: 'it predates release checks of requests; deploy the API first.',
    whenLocalDown: () => ({
      contract: currentRequestContract(),
      source: "this checkout's API (the API is not running)",
    }),
  });
}

/**
 * The host's and the API's contracts. Forced (an emergency, e.g. a rollback while the API is down), one that
 * cannot be had is not checked, and says so, instead of refusing.
 */
export async function contractsOf(env, force) {
  const orNotChecked = (reading, name) =>
    reading.catch((error) => {
      if (!force || !(error instanceof Refused)) throw error;
      step(name, `FORCED: not checked: ${error.message}`);
      return undefined;
    });
  const [host, api] = await Promise.all([
    orNotChecked(hostContractOf(env), 'contract'),
    orNotChecked(apiContractOf(env), 'requests'),
  ]);
  return { host, api };
}

/**
 * Checks a build or release folder of `remote` against the host and the API (those not undefined); throws
 * Refused (listing every problem) unless forced.
 */
function checkContract({ remote, dir, release, host, api, force }) {
  const manifest = JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8'));
  /** What does not fit, each with the lines that say why: `Refused: <verdict>`, or `FORCED: <verdict>`. */
  const misfits = [];
  const hostProblems = host ? contractProblems(remote.name, manifest, host.contract) : [];
  if (host && hostProblems.length === 0) {
    const loaded = Object.keys(host.contract.loads[remote.name] ?? {}).length;
    step(
      'contract',
      `fits ${host.source}: exposes the ${loaded} modules it loads, needs ${manifest.shared.length} shared modules, all provided within range`,
    );
  } else if (host) {
    misfits.push({
      step: 'contract',
      verdict: `${remote.name} ${release} does not fit ${host.source}:`,
      lines: hostProblems.flatMap((found) => {
        const { problem, fix } = describeProblem(found, host.contract);
        return [`    - ${found.module}: ${problem}.`, `      ${fix}`];
      }),
      forcedNote: 'Browsers check it before running any of it and show the previous release.',
    });
  }
  const requestsFile = join(dir, API_REQUESTS_FILE);
  const sent = existsSync(requestsFile) ? JSON.parse(readFileSync(requestsFile, 'utf8')) : undefined;
  const apiProblems = api && sent ? requestProblems(sent, api.contract) : [];
  if (api && !sent) {
    step('requests', `not checked: this build has no ${API_REQUESTS_FILE} (it predates the check)`);
  } else if (api && apiProblems.length === 0) {
    step(
      'requests',
      `fit ${api.source}: it takes every field of the ${Object.keys(sent).length} request routes this build knows`,
    );
  } else if (api) {
    misfits.push({
      step: 'requests',
      verdict: `${remote.name} ${release} was built with requests that ${api.source} does not take (the whole table of its shared/domain, whether ${remote.name} sends them or not):`,
      lines: [
        ...apiProblems.map((found) => `    - ${describeRequestProblem(found)}.`),
        `      Deploy (or start) the API built from the same shared/domain first, then release ${remote.name} again.`,
      ],
      forcedNote: 'A request the API does not take fails in the browser when it is sent.',
    });
  }
  if (misfits.length === 0) return;
  if (!force)
    throw new Refused(misfits.flatMap(({ verdict, lines }) => [`Refused: ${verdict}`, ...lines]).join('\n'));
  for (const { step: name, verdict, lines, forcedNote } of misfits)
    step(name, [`FORCED: ${verdict}`, ...lines, `    ${forcedNote}`].join('\n  '));
}

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

/**
 * What the remotes' live releases (current and previous, as the running host's /app-config.json names them)
 * may send that `accepted` (an API's request contract) does not take. Releases without api-requests.json are
 * listed as not checked.
 * @returns {Promise<{ checked: { remote: string, release: string, problems: import('../federation/api-requests.mjs').RequestProblem[] }[], notChecked: { remote: string, release: string }[] }>}
 */
export async function liveReleaseProblems(env, accepted) {
  const url = `${env.PUBLIC_SITE_URL}/app-config.json`;
  const config = await fetch(url, { signal: AbortSignal.timeout(3000) }).then(
    (response) => (response.ok ? response.json() : undefined),
    () => undefined,
  );
  if (!config?.remotes) {
    throw new Refused(
      `The host at ${env.PUBLIC_SITE_URL} did not give its runtime configuration (${url}): the live releases are read from it; try again once it answers.`,
    );
  }
  const checked = [];
  const notChecked = [];
  for (const [remote, served] of Object.entries(config.remotes)) {
    for (const { manifest, release } of [served, served.previous, served.canary].filter(Boolean)) {
      const sent = await fetch(new URL(API_REQUESTS_FILE, manifest), { signal: AbortSignal.timeout(3000) })
        .then((response) => (response.ok ? response.json() : undefined))
        .catch(() => undefined);
      if (sent) checked.push({ remote, release, problems: requestProblems(sent, accepted) });
      else notChecked.push({ remote, release });
    }
  }
  return { checked, notChecked };
}

/**
 * npm run api:check: before this checkout's API is deployed, whether it takes what the live releases may send.
 * An API that drops a route or a field a live release (or the previous one, which browsers fall back to) still
 * sends would fail those browsers: release the remotes built without it first, then deploy the API.
 */
async function apiCheck() {
  const env = await resolveLocalEnv();
  console.log(`Checking this checkout's API against the live releases of ${env.PUBLIC_SITE_URL}`);
  const { checked, notChecked } = await liveReleaseProblems(env, currentRequestContract());
  for (const { remote, release } of notChecked)
    step(
      remote,
      `${release}: not checked (no ${API_REQUESTS_FILE}: it predates the check, or it did not answer)`,
    );
  for (const { remote, release, problems } of checked)
    if (problems.length === 0) step(remote, `${release}: sends nothing this API refuses`);
  const refused = checked.filter(({ problems }) => problems.length > 0);
  if (refused.length === 0) {
    console.log('This API takes every request the live releases may send: deploy it.');
    return;
  }
  throw new Refused(
    [
      "Refused: this checkout's API does not take requests that live releases may send:",
      ...refused.flatMap(({ remote, release, problems }) => [
        `  ${remote} ${release}:`,
        ...problems.map((found) => `    - ${describeRequestProblem(found)}.`),
      ]),
      '  Release those remotes built from this checkout first (their previous releases too, or roll past them),',
      '  then deploy the API.',
    ].join('\n'),
  );
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
