import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import hostFederation from '../../host/module-federation.config.mjs';
import { hostSharedModules, hostSharedModulesSource } from './host-shared-modules.mjs';
import { sharedDependencies } from './shared-deps.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const names = (modules) => modules.map(([name]) => name);

describe('the share list', () => {
  test('shares React and every shared/ package entry, but not test support or the stateless domain', () => {
    const shared = Object.keys(sharedDependencies());
    for (const name of [
      'react',
      'react/',
      'react-dom',
      'react-dom/',
      '@agency/ui',
      '@agency/ui/forms',
      '@agency/auth/api',
    ]) {
      assert.ok(shared.includes(name), `${name} is shared`);
    }
    assert.deepEqual(
      shared.filter((name) => name.endsWith('/testing') || name.startsWith('@agency/domain')),
      [],
    );
  });

  test('every shared module is a strict singleton asking for a compatible (caret) range of its version', () => {
    const { version } = JSON.parse(readFileSync(join(root, 'shared/ui/package.json'), 'utf8'));
    assert.deepEqual(sharedDependencies()['@agency/ui'], {
      singleton: true,
      requiredVersion: `^${version}`,
      version,
      strictVersion: true,
    });
    for (const [name, config] of Object.entries(sharedDependencies())) {
      assert.equal(config.requiredVersion, `^${config.version}`, `${name} asks for ^${config.version}`);
      assert.ok(config.singleton && config.strictVersion, `${name} is a strict singleton`);
    }
  });
});

describe('what the host provides', () => {
  test('every shared module, with React by the entry points the apps import', () => {
    const provided = names(hostSharedModules({ production: true }));
    for (const name of Object.keys(sharedDependencies()).filter((n) => !n.endsWith('/'))) {
      assert.ok(provided.includes(name), `${name} is provided`);
    }
    // Production remotes have no copies of their own, so every React entry point an app imports in the
    // browser must be here (the host's server render, host/src/server, runs in Node with its own React).
    const sources = execFileSync('git', ['ls-files', 'host/src', 'remote-*/src', 'shared/*/src'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(
        (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('host/src/server/'),
      );
    const imported = new Set(['react/jsx-runtime']);
    for (const file of sources) {
      for (const [, name] of readFileSync(join(root, file), 'utf8').matchAll(
        /from '((?:react|react-dom)\/[^']+)'/g,
      )) {
        imported.add(name);
      }
    }
    for (const name of imported)
      assert.ok(provided.includes(name), `${name} is imported by an app and provided by the host`);
  });

  test('development builds also provide the JSX development runtime the remotes compile to', () => {
    assert.ok(names(hostSharedModules({ production: false })).includes('react/jsx-dev-runtime'));
    assert.ok(!names(hostSharedModules({ production: true })).includes('react/jsx-dev-runtime'));
  });
});

describe('the generated share module', () => {
  const source = hostSharedModulesSource({ production: true, eager: ['react', '@agency/ui'] });

  test('eager modules are imported statically and registered as loaded', () => {
    assert.match(source, /^import m\d+ from 'react';$/m);
    assert.match(source, /^import \* as m\d+ from '@agency\/ui';$/m);
    assert.match(
      source,
      /'react': \{ \.\.\.\{"version":"19\.\d+\.\d+".*"singleton":true.*\}, lib: \(\) => m\d+ \}/,
    );
  });

  test('the others load on demand, React packages as their CommonJS exports', () => {
    assert.match(
      source,
      /'@agency\/payments': .*get: \(\) => import\('@agency\/payments'\)\.then\(\(m\) => \(\) => m\) \}/,
    );
    assert.match(
      source,
      /'react-dom\/client': .*get: \(\) => import\('react-dom\/client'\)\.then\(\(m\) => \(\) => m\.default\) \}/,
    );
    assert.doesNotMatch(source, /import .* from '@agency\/payments'/);
  });

  test("the host's eager list names only shared modules", () => {
    assert.doesNotThrow(() => hostSharedModulesSource({ production: true, eager: hostFederation.eager }));
    assert.throws(
      () => hostSharedModulesSource({ production: true, eager: ['@agency/nowhere'] }),
      /Eager shared modules missing from the share list: @agency\/nowhere/,
    );
  });
});
