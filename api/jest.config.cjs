const preset = require('../jest.preset.cjs')({ dir: __dirname, dom: false });

// PGlite's CommonJS build loads Node built-ins with dynamic import(), which jest's VM only allows under
// --experimental-vm-modules. Transpiling that file turns those imports into require() calls.
const swc = preset.transform['^.+\\.(t|j)sx?$'];
module.exports = {
  ...preset,
  transform: { ...preset.transform, '/@electric-sql/pglite/dist/.+\\.cjs$': swc },
  // Four workers on two cores: a file often waits (on its job queue, a lease, a child process), and two more
  // workers use that time (117 s instead of 144 s for the suite here). The money tests hold 30 s leases and end
  // one themselves where a test needs it (leasesRunOut), so a busy machine cannot make a request lose its lease.
  maxWorkers: 4,
  // A worker's embedded databases outlive the test file that used them (src/test-support/pglite-pool.cjs).
  testEnvironment: '<rootDir>/src/test-support/jest-environment.cjs',
  // The database every test copies is migrated once per run (src/test-support/database-template.ts).
  globalSetup: '<rootDir>/src/test-support/jest-global-setup.ts',
  globalTeardown: '<rootDir>/src/test-support/jest-global-teardown.ts',
};
