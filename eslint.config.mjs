// Lint rules that keep the architecture honest: apps reach UI, routing and state only through the
// shared/ facades (so those libraries are bundled once, tree-shaken), and remotes never import each other;
// no import circle anywhere, and inside each app and the API imports flow shared -> features -> app
// (eslint-plugin-import-x's no-cycle and no-restricted-paths, as bulletproof-react sets them up).
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const APPS = ['host', 'remote-marketing', 'remote-checkout', 'remote-client-portal', 'remote-admin-portal'];

const facadeOnly = [
  { group: ['@chakra-ui/*', '@emotion/*'], message: 'Import UI from @agency/ui.' },
  {
    group: ['react-router', 'react-router/*', 'react-router-dom'],
    message: 'Import routing from @agency/router.',
  },
  { group: ['zustand', 'zustand/*'], message: 'Use the shared stores from @agency/auth.' },
  { group: ['@stripe/*'], message: 'Use @agency/payments.' },
  { group: ['@supabase/*'], message: 'Use @agency/auth.' },
];

const appRules = APPS.map((app) => ({
  files: [`${app}/src/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...facadeOnly,
          ...APPS.filter((other) => other !== app).map((other) => ({
            group: [`@agency/${other}`, `@agency/${other}/*`, `**/${other}/**`],
            message: 'Apps never import each other; share through shared/.',
          })),
        ],
      },
    ],
  },
}));

// Walls inside each app and the API (bulletproof-react's layers): shared code -> features -> app. A feature never
// imports another feature (the app composes them; what two features use lives in a shared folder), features never
// import the app, shared code imports neither. Every top-level entry of src/ that is not features/ or the app's is
// shared, so a new folder is walled by default. Tests and test support sit on top and may import anything.
const ROOT = import.meta.dirname;
const entriesOf = (dir) =>
  fs.existsSync(path.join(ROOT, dir)) ? fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }) : [];

/** The app layer of each project (paths in its src/): what composes the features, and its entry points. */
const APP_LAYER = {
  host: ['app', 'bootstrap.tsx', 'index.ts', 'server'],
  'remote-marketing': ['app', 'bootstrap.tsx', 'index.ts'],
  'remote-checkout': ['app', 'bootstrap.tsx', 'index.ts'],
  'remote-client-portal': ['app', 'bootstrap.tsx', 'index.ts'],
  'remote-admin-portal': ['app', 'bootstrap.tsx', 'index.ts'],
  // createApp and createServices compose the features; main.ts, config.ts and the job workers start them;
  // migrate-cli.ts applies the migrations alone.
  api: ['app.ts', 'app-deps.ts', 'main.ts', 'migrate-cli.ts', 'config.ts', 'workers.ts', 'bench'],
};
const TEST_SUPPORT = ['testing', 'test-support'];

const layerZones = Object.entries(APP_LAYER).flatMap(([project, appEntries]) => {
  const src = `${project}/src`;
  const features = entriesOf(`${src}/features`)
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  const app = appEntries.map((name) => `${src}/${name}`);
  const shared = entriesOf(src)
    .map((e) => e.name)
    .filter((name) => name !== 'features' && !appEntries.includes(name) && !TEST_SUPPORT.includes(name))
    .map((name) => `${src}/${name}`);
  return [
    ...features.map((feature) => ({
      target: `${src}/features/${feature}`,
      from: `${src}/features`,
      except: [`./${feature}`],
      message:
        'A feature never imports another feature: the app composes them, and what both use moves to a shared folder.',
    })),
    { target: `${src}/features`, from: app, message: 'Features never import the app; the app imports them.' },
    {
      target: shared,
      from: [`${src}/features`, ...app],
      message: 'Shared code never imports features or the app.',
    },
  ].filter((zone) => zone.target.length > 0);
});

const boundaries = [
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'],
          conditionNames: ['import', 'default'],
        }),
      ],
    },
    rules: {
      // No import circle anywhere. Type-only imports are left out (they vanish at run time); the zones below
      // count them, so a type cannot lead a feature back to the app either.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: [
            ...layerZones,
            {
              target: 'shared',
              from: [...APPS, 'api', 'local-cloud', 'tools', 'e2e'],
              message: 'shared/ packages never import the apps, the API or the tools.',
            },
            {
              target: 'web-server',
              from: [...APPS, 'api', 'local-cloud', 'tools', 'scripts', 'e2e'],
              message:
                'The web server imports no tools, scripts, apps or services: they import it (tools -> web-server).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx,mjs}', ...TEST_SUPPORT.map((dir) => `**/src/${dir}/**`)],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.nx/**',
      '.data/**',
      '.jest-cache/**',
      '**/*.tmp.ts',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // typeof import('./x') names a lazily loaded module's type without loading it.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  ...appRules,
  ...boundaries,
  {
    files: [
      '**/*.test.{ts,tsx}',
      'e2e/**/*.ts',
      'tools/**/*.{js,mjs,cjs}',
      'scripts/**/*.mjs',
      '**/*.cjs',
      '**/*.config.{js,mjs,cjs}',
    ],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests poke at loosely typed boundaries (window.Stripe doubles, parsed JSON).
    files: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
