import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import hostFederation from '../../host/module-federation.config.mjs';
import marketingFederation from '../../remote-marketing/module-federation.config.mjs';
import { createRspackConfig } from './create-rspack-config.mjs';

const appDir = (name) => fileURLToPath(new URL(`../../${name}/`, import.meta.url));
const build = (federation, dir, mode, extra = {}) =>
  createRspackConfig({ appDir: appDir(dir), federation, devPort: 0, ...extra })({}, { mode });
const plugin = (config, name) => config.plugins.find((p) => p?.constructor?.name === name);
const federationOptions = (config) => plugin(config, 'ModuleFederationPlugin')._options;

describe('a remote', () => {
  test('in production: no page of its own, the host provides the runtime and every shared module', () => {
    const config = build(marketingFederation, 'remote-marketing', 'production');
    assert.deepEqual(config.entry, {});
    assert.equal(plugin(config, 'HtmlRspackPlugin'), undefined);
    const options = federationOptions(config);
    assert.equal(options.experiments.externalRuntime, true);
    assert.equal(options.shareStrategy, 'loaded-first');
    assert.ok(Object.values(options.shared).every((shared) => shared.import === false && shared.singleton));
    assert.deepEqual(Object.keys(options.exposes), Object.keys(marketingFederation.exposes));
    assert.equal(options.manifest, true);
  });

  test('in development: runs standalone with its own runtime and copies of the shared modules', () => {
    const config = build(marketingFederation, 'remote-marketing', 'development');
    assert.deepEqual(config.entry, { main: './src/index.ts' });
    assert.ok(plugin(config, 'HtmlRspackPlugin'));
    const options = federationOptions(config);
    assert.equal(options.experiments.externalRuntime, undefined);
    assert.ok(Object.values(options.shared).every((shared) => shared.import === undefined));
  });
});

const swcReact = (config) =>
  config.module.rules.find((rule) => rule.loader === 'builtin:swc-loader').options.jsc.transform.react;

describe('React Fast Refresh', () => {
  for (const [dir, federation] of [
    ['host', hostFederation],
    ['remote-marketing', marketingFederation],
  ]) {
    test(`${dir} in development: the refresh runtime is injected and components are instrumented, so an edit keeps state`, () => {
      const config = build(federation, dir, 'development');
      const refresh = plugin(config, 'ReactRefreshRspackPlugin');
      assert.ok(refresh, 'ReactRefreshRspackPlugin is applied');
      // Namespaced per app, so the host's and each remote's refresh runtimes coexist on one page.
      assert.equal(refresh.options.library ?? config.output.uniqueName, federation.name);
      assert.equal(swcReact(config).refresh, true);
      assert.equal(swcReact(config).development, true);
      assert.equal(config.devServer.hot, true);
      // The host's page starts with the hook that lets every app's refresh runtime reach the shared renderer.
      const entry = [config.entry.main].flat();
      assert.equal(entry.at(-1), './src/index.ts');
      assert.equal(
        entry.some((module) => module.endsWith('react-refresh-hook.js')),
        dir === 'host',
      );
    });

    test(`${dir} in production: no refresh runtime, no instrumentation`, () => {
      const config = build(federation, dir, 'production');
      assert.equal(plugin(config, 'ReactRefreshRspackPlugin'), undefined);
      assert.equal(swcReact(config).refresh, false);
    });
  }
});

test('production source maps are hidden: written for an error tracker, referenced by no bundle', () => {
  for (const [dir, federation] of [
    ['host', hostFederation],
    ['remote-marketing', marketingFederation],
  ]) {
    assert.equal(build(federation, dir, 'production').devtool, 'hidden-source-map');
  }
});

describe('the host', () => {
  for (const mode of ['production', 'development']) {
    test(`in ${mode}: uses the federation runtime directly, with the share list as a generated module`, () => {
      const config = build(hostFederation, 'host', mode);
      assert.equal(plugin(config, 'ModuleFederationPlugin'), undefined);
      assert.ok(plugin(config, 'VirtualModulesPlugin'));
      assert.match(config.resolve.alias['@agency/federation/shared-modules$'], /shared-modules\.js$/);
      assert.match(config.resolve.alias['@agency/federation/remote-contract$'], /remote-contract\.mjs$/);
      assert.ok(plugin(config, 'HostContractPlugin'), 'publishes federation-host.json');
      assert.equal(config.output.publicPath, '/');
    });
  }

  test('in production: the start-up chunks and the federation runtime carry V8’s compile hint; in development none', () => {
    assert.deepEqual(plugin(build(hostFederation, 'host', 'production'), 'CompileHintsPlugin').groups, [
      'bootstrap',
      'federation',
    ]);
    assert.equal(plugin(build(hostFederation, 'host', 'development'), 'CompileHintsPlugin'), undefined);
    assert.equal(
      plugin(build(marketingFederation, 'remote-marketing', 'production'), 'CompileHintsPlugin'),
      undefined,
    );
  });

  test('built without federation (the bench monolith): no federation plugin at all', () => {
    const config = build(hostFederation, 'host', 'production', { federated: false });
    assert.equal(plugin(config, 'ModuleFederationPlugin'), undefined);
    assert.equal(plugin(config, 'VirtualModulesPlugin'), undefined);
    assert.equal(config.resolve.alias['@agency/federation/shared-modules$'], undefined);
  });
});
