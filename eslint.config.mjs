// Lint rules that keep the architecture honest: apps reach UI, routing and state only through the
// shared/ facades (so those libraries are bundled once, tree-shaken), and remotes never import each other.
import js from '@eslint/js';
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
