import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hostContract, hostRouteData } from './host-contract.mjs';
import {
  contractProblems,
  describeProblem,
  modulesLoadedByHost,
} from '../../web-server/src/remote-contract.mjs';
import { sharedDependencies } from './shared-deps.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const remoteDirs = readdirSync(root).filter((dir) => dir.startsWith('remote-'));
const remotes = await Promise.all(
  remoteDirs.map(async (dir) => ({
    dir,
    ...(await import(pathToFileURL(`${root}${dir}/module-federation.config.mjs`).href)).default,
  })),
);
const explain = (problems, host) =>
  problems.map((p) => `${p.module}: ${Object.values(describeProblem(p, host)).join(' ')}`).join('\n');

// The contract test: what CI checks so that a remote and the host never disagree unnoticed until a browser
// journey (or a visitor) trips over it. A release is checked the same way against the running host.
describe('every remote fits the host', () => {
  const host = hostContract({ production: true });

  for (const remote of remotes) {
    test(`${remote.dir} exposes exactly the modules the host's route table loads from ${remote.name}`, () => {
      const loaded = Object.keys(host.loads[remote.name] ?? {}).sort();
      const exposed = Object.keys(remote.exposes).sort();
      assert.ok(
        loaded.length > 0,
        `the host loads nothing from ${remote.name}: is it named in remote-routes.json?`,
      );
      assert.deepEqual(
        exposed.filter((module) => !loaded.includes(module)),
        [],
        `${remote.dir} exposes modules the host never loads: route them in host/src/app/remote-routes.json or stop exposing them`,
      );
      assert.deepEqual(
        loaded.filter((module) => !exposed.includes(module)),
        [],
        `the host loads modules ${remote.dir} does not expose: expose them in its module-federation.config.mjs`,
      );
    });

    test(`the host provides every shared module ${remote.dir} is built to need, within its range`, () => {
      // What the remote's build declares in its manifest: every entry of the share list it is built with,
      // React's by prefix ('react/') as each entry point the host provides (the ones the apps import).
      const shared = Object.entries(sharedDependencies()).flatMap(([name, { requiredVersion }]) =>
        name.endsWith('/')
          ? Object.keys(host.shared)
              .filter((provided) => provided.startsWith(name))
              .map((entry) => ({ name: entry, requiredVersion }))
          : [{ name, requiredVersion }],
      );
      const manifest = {
        exposes: Object.keys(remote.exposes).map((path) => ({ name: path.slice(2), path })),
        shared,
      };
      const problems = contractProblems(remote.name, manifest, host).filter((p) => p.kind !== 'not-exposed');
      assert.deepEqual(problems, [], explain(problems, host));
    });
  }

  test('the host loads only from remotes that exist', () => {
    const names = remotes.map((remote) => remote.name);
    assert.deepEqual(
      Object.keys(host.loads).filter((name) => !names.includes(name)),
      [],
      'remote-routes.json names a remote no remote-*/module-federation.config.mjs defines',
    );
  });
});

describe('the contract rule', () => {
  const host = {
    shared: {
      react: '19.3.1',
      'react/jsx-runtime': '19.3.1',
      '@agency/ui': '0.1.0',
      '@agency/router': '0.1.3',
    },
    loads: {
      checkout: { './purchase-page': '/purchase/:tierId', './instance-probe': '/__diagnostics/federation' },
    },
  };
  const exposes = [
    { name: 'purchase-page', path: './purchase-page' },
    { name: 'instance-probe', path: './instance-probe' },
  ];
  const manifest = (shared, exposed = exposes) => ({ exposes: exposed, shared });

  test('a remote built against compatible versions fits: patch releases on 0.x, any minor from 1.0', () => {
    const shared = [
      { name: '@agency/ui', requiredVersion: '^0.1.0' },
      { name: '@agency/router', requiredVersion: '^0.1.0' },
      { name: 'react', requiredVersion: '^19.0.0' },
      { name: 'react/jsx-runtime', requiredVersion: '^19.3.1' },
    ];
    assert.deepEqual(contractProblems('checkout', manifest(shared), host), []);
  });

  test('a remote built against a newer major is refused, telling to deploy the host first', () => {
    const [problem, ...rest] = contractProblems(
      'checkout',
      manifest([{ name: '@agency/ui', requiredVersion: '^1.0.0' }]),
      host,
    );
    assert.deepEqual(rest, []);
    assert.deepEqual(problem, {
      kind: 'out-of-range',
      remote: 'checkout',
      module: '@agency/ui',
      required: '^1.0.0',
      provided: '0.1.0',
    });
    assert.deepEqual(describeProblem(problem, host), {
      problem: 'checkout needs @agency/ui ^1.0.0, the host provides 0.1.0',
      fix: 'Deploy a host built with @agency/ui 1.0.0 first (the host provides shared packages), then release checkout again.',
    });
  });

  test('on 0.x a minor is breaking; a remote left behind is told to rebuild', () => {
    const newerHost = { ...host, shared: { ...host.shared, '@agency/ui': '0.2.0' } };
    const [problem] = contractProblems(
      'checkout',
      manifest([{ name: '@agency/ui', requiredVersion: '^0.1.0' }]),
      newerHost,
    );
    assert.equal(problem.kind, 'out-of-range');
    assert.equal(
      describeProblem(problem, newerHost).fix,
      'Rebuild checkout against @agency/ui 0.2.0, the version the host provides.',
    );
  });

  test('a module the host loads but the remote no longer exposes is named with the route that needs it', () => {
    const [problem] = contractProblems('checkout', manifest([], [exposes[1]]), host);
    assert.deepEqual(problem, { kind: 'not-exposed', remote: 'checkout', module: './purchase-page' });
    assert.match(
      describeProblem(problem, host).problem,
      /the host loads \.\/purchase-page for \/purchase\/:tierId, but checkout does not expose it/,
    );
  });

  test('a shared module the host does not provide is refused; a remote the host does not load yet fits', () => {
    assert.deepEqual(
      contractProblems(
        'checkout',
        manifest([{ name: '@agency/charts', requiredVersion: '^1.0.0' }]),
        host,
      ).map((p) => p.kind),
      ['not-provided'],
    );
    assert.deepEqual(
      contractProblems('billing', manifest([{ name: '@agency/ui', requiredVersion: '^0.1.0' }]), host),
      [],
    );
  });

  test('what the host loads comes from its route data: routes, the dashboard per role, the diagnostics probe', () => {
    const loads = modulesLoadedByHost(hostRouteData());
    assert.equal(loads.checkout['./purchase-page'], '/purchase/:tierId');
    assert.equal(loads.admin_portal['./admin-dashboard'], '/dashboard (ADMIN)');
    for (const remote of remotes)
      assert.equal(loads[remote.name]['./instance-probe'], '/__diagnostics/federation');
  });
});
