// The contract between the host and a remote release, one rule checked in four places: `npm run release`
// (a built remote against the running host's /federation-host.json), the contract test in CI (every
// remote's config against the host's sources), the host itself at run time (each remote manifest it
// fetches, before any of the remote's code runs; host/src/runtime-plugin/compatibility.ts), and this web
// server before it renders a remote's page (server-render-worker.mjs). It lives here, with its lowest user:
// the build and release tooling (tools/) import it from the web server, never the other way round.
// A remote fits when it exposes every module the host loads from it and the host provides every shared
// module it needs at a version inside the range it was built to accept. Runs in Node and in the browser;
// `satisfy` is the Module Federation runtime's own semver matcher, so the gate and the runtime agree.
import { satisfy } from '@module-federation/runtime-core';

/**
 * @typedef {{ path: string, remote: string, exposed: string }} RemoteRouteEntry
 * @typedef {{ routes: RemoteRouteEntry[], dashboard: Record<string, { remote: string, exposed: string }>,
 *             diagnostics: { remotes: string[], exposed: string } }} RemoteRouteData
 * @typedef {{ shared: Record<string, string>, loads: Record<string, Record<string, string>> }} HostContract
 *   `shared`: module name -> version the host provides; `loads`: remote -> exposed module -> where the host uses it.
 * @typedef {{ exposes: { path?: string, name: string }[], shared: { name: string, requiredVersion?: string | false }[] }} RemoteManifest
 *   The parts of a remote's mf-manifest.json the contract looks at.
 * @typedef {{ kind: 'not-exposed' | 'not-provided' | 'out-of-range', remote: string,
 *             module: string, required?: string, provided?: string }} ContractProblem
 *   `module`: the exposed or shared module at fault; `required`/`provided`: the range and version that disagree.
 */

/**
 * Which modules the host loads from each remote, and for what, from its route data (remote-routes.json).
 * @param {RemoteRouteData} routeData
 * @returns {HostContract['loads']}
 */
export function modulesLoadedByHost(routeData) {
  /** @type {HostContract['loads']} */
  const loads = {};
  const add = (remote, exposed, use) => {
    const modules = (loads[remote] ??= {});
    modules[exposed] = modules[exposed] ? `${modules[exposed]}, ${use}` : use;
  };
  for (const route of routeData.routes) add(route.remote, route.exposed, route.path);
  for (const [role, route] of Object.entries(routeData.dashboard))
    add(route.remote, route.exposed, `/dashboard (${role})`);
  for (const remote of routeData.diagnostics.remotes)
    add(remote, routeData.diagnostics.exposed, '/__diagnostics/federation');
  return loads;
}

/**
 * Everything that keeps `remote` (its manifest) from running in `host`; empty when it fits. Kept to data:
 * this runs in every visitor's browser, and only the tools need the words (describeProblem).
 * @param {string} remote the remote's name in the host's route data (its Module Federation name)
 * @param {RemoteManifest} manifest
 * @param {HostContract} host
 * @returns {ContractProblem[]}
 */
export function contractProblems(remote, manifest, host) {
  /** @type {ContractProblem[]} */
  const problems = [];
  // A remote the host does not load yet fits: a remote can ship before the host routes to it.
  const loads = host.loads[remote];
  const exposed = new Set(manifest.exposes.map((entry) => entry.path ?? `./${entry.name}`));
  for (const module of Object.keys(loads ?? {}))
    if (!exposed.has(module)) problems.push({ kind: 'not-exposed', remote, module });
  for (const { name: module, requiredVersion: required } of manifest.shared) {
    const provided = host.shared[module];
    if (provided === undefined) problems.push({ kind: 'not-provided', remote, module });
    else if (required && !satisfy(provided, required))
      problems.push({ kind: 'out-of-range', remote, module, required, provided });
  }
  return problems;
}

/** Whether the version a range starts from (`^1.2.0` -> 1.2.0) is newer than `version`. */
function rangeIsNewer(range, version) {
  const parts = (text) => (String(text).match(/\d+(\.\d+){0,2}/)?.[0] ?? '0').split('.').map(Number);
  const [a, b] = [parts(range), parts(version)];
  for (let i = 0; i < 3; i += 1) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return false;
}

/**
 * What a problem means and what to do about it, for people (`npm run release`, the contract test).
 * @param {ContractProblem} problem
 * @param {HostContract} host
 * @returns {{ problem: string, fix: string }}
 */
export function describeProblem({ kind, remote, module, required, provided }, host) {
  switch (kind) {
    case 'not-exposed':
      return {
        problem: `the host loads ${module} for ${host.loads[remote]?.[module]}, but ${remote} does not expose it`,
        fix: `Expose ${module} again in the remote's module-federation.config.mjs, or first deploy a host whose route table no longer loads it.`,
      };
    case 'not-provided':
      return {
        problem: `${remote} needs the shared module ${module}, which the host does not provide`,
        fix: `Deploy a host that provides ${module} first (it provides every entry of every shared/ package), then release ${remote} again.`,
      };
    default:
      return {
        problem: `${remote} needs ${module} ${required}, the host provides ${provided}`,
        fix: rangeIsNewer(required, provided)
          ? `Deploy a host built with ${module} ${String(required).replace(/^[\^~]/, '')} first (the host provides shared packages), then release ${remote} again.`
          : `Rebuild ${remote} against ${module} ${provided}, the version the host provides.`,
      };
  }
}
