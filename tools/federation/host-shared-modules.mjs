// The host provides the shared singletons through the Module Federation runtime (`init({ shared })`)
// rather than the build plugin: a pure consumer needs none of the plugin's bundler runtime, and the
// modules it provides at start-up then sit in its own chunks instead of one chunk each. This writes the
// module that lists them, from the same share list the remotes are built with (shared-deps.mjs).
import { sharedDependencies } from './shared-deps.mjs';

// The remotes share React by prefix (`react/`, `react-dom/`); the host provides the entry points the apps
// import. Development builds of the remotes compile JSX to react/jsx-dev-runtime.
const REACT_ENTRY_POINTS = ['react/jsx-runtime', 'react-dom/client'];
const REACT_DEVELOPMENT_ENTRY_POINTS = ['react/jsx-dev-runtime'];

/** Every module the host provides, with its share settings: `[name, { version, ...shareConfig }]`. */
export function hostSharedModules({ production }) {
  const modules = [];
  for (const [name, config] of Object.entries(sharedDependencies())) {
    if (!name.endsWith('/')) {
      modules.push([name, config]);
      continue;
    }
    const entryPoints = production
      ? REACT_ENTRY_POINTS
      : [...REACT_ENTRY_POINTS, ...REACT_DEVELOPMENT_ENTRY_POINTS];
    for (const entryPoint of entryPoints.filter((e) => e.startsWith(name)))
      modules.push([entryPoint, config]);
  }
  return modules;
}

/**
 * The source of the module `init({ shared })` receives. `eager` names the modules the host provides from
 * its start-up chunk (imported statically, registered as loaded); every other one is provided on demand
 * from a chunk of its own, fetched the first time a remote asks for it.
 *
 * @param {{ production: boolean, eager: string[] }} options
 */
export function hostSharedModulesSource({ production, eager }) {
  const modules = hostSharedModules({ production });
  const unknown = eager.filter((name) => !modules.some(([shared]) => shared === name));
  if (unknown.length > 0)
    throw new Error(`Eager shared modules missing from the share list: ${unknown.join(', ')}`);

  const imports = [];
  const entries = modules.map(([name, { version, ...shareConfig }], index) => {
    // React's packages are CommonJS: their default import is module.exports, the object a consumer expects.
    const commonJs = name === 'react' || name.startsWith('react/') || name.startsWith('react-dom');
    let provider;
    if (eager.includes(name)) {
      imports.push(commonJs ? `import m${index} from '${name}';` : `import * as m${index} from '${name}';`);
      provider = `lib: () => m${index}`;
    } else {
      provider = `get: () => import('${name}').then((m) => () => ${commonJs ? 'm.default' : 'm'})`;
    }
    // What a provider needs: its version and that it is a singleton. The required range and strictness are
    // each consumer's own (the remotes'); the host imports its modules directly and never consumes them.
    const settings = { version, shareConfig: { singleton: shareConfig.singleton } };
    return `  '${name}': { ...${JSON.stringify(settings)}, ${provider} },`;
  });
  return `${imports.join('\n')}\n\nexport const sharedModules = {\n${entries.join('\n')}\n};\n`;
}
