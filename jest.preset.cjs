// Shared jest settings: SWC transpiles TypeScript/TSX; each package's jest.config.cjs spreads this.
const path = require('node:path');

/** @param {{ dom?: boolean, dir: string }} opts */
module.exports = function preset({ dom = false, dir }) {
  return {
    rootDir: dir,
    displayName: path.basename(dir),
    cacheDirectory: path.join(__dirname, '.jest-cache'),
    testEnvironment: dom ? 'jsdom' : 'node',
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // ESM-only packages that jest must transpile.
    transformIgnorePatterns: [
      '/node_modules/(?!(jose|@hono|hono|@electric-sql|otplib|@otplib|@scure|@noble)/)',
    ],
    moduleNameMapper: {
      '\\.(css|svg|png|jpg|webp)$': path.join(__dirname, 'tools/jest/file-stub.cjs'),
    },
    setupFilesAfterEnv: dom ? [path.join(__dirname, 'tools/jest/setup-dom.ts')] : [],
    // The counts behind `npm test`'s table of suites (tools/suites/run-suites.mjs); silent otherwise.
    reporters: [
      'default',
      [path.join(__dirname, 'tools/jest/summary-reporter.cjs'), { name: path.basename(dir) }],
    ],
    testTimeout: 30000,
  };
};
