const preset = require('../jest.preset.cjs')({ dir: __dirname, dom: false });

// PGlite's CommonJS build loads Node built-ins with dynamic import(), which jest's VM only allows under
// --experimental-vm-modules. Transpiling that file turns those imports into require() calls.
const swc = preset.transform['^.+\\.(t|j)sx?$'];
module.exports = {
  ...preset,
  transform: { ...preset.transform, '/@electric-sql/pglite/dist/.+\\.cjs$': swc },
  // One worker (jest's default on two cores): the lease and shutdown tests give a process about a second to act;
  // with a second worker on a busy machine they timed out.
  // The database every test copies is migrated once per run (src/test-support/database-template.ts).
  globalSetup: '<rootDir>/src/test-support/jest-global-setup.ts',
  globalTeardown: '<rootDir>/src/test-support/jest-global-teardown.ts',
};
