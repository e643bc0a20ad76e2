// Whether a remote's build fits what it runs with: the host's contract (the modules it loads, the shared
// modules it provides) and the API's request contract (every field the build may send). The release commands
// check a build before publishing it; `npm run api:check` checks the API against the live releases.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOST_CONTRACT_FILE } from '../../web-server/src/build-layout.mjs';
import { contractProblems, describeProblem } from '../../web-server/src/remote-contract.mjs';
import {
  API_REQUESTS_FILE,
  currentRequestContract,
  describeRequestProblem,
  requestProblems,
} from '../federation/api-requests.mjs';
import { ROOT } from '../../web-server/src/apps.mjs';
import { resolveLocalEnv } from '../../web-server/src/local-env.mjs';
import { Refused, shown, step } from './release-output.mjs';

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
export function checkContract({ remote, dir, release, host, api, force }) {
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
export async function apiCheck() {
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
