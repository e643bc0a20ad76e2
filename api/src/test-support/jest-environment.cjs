// The API tests' jest environment: Node's, plus this worker's pool of embedded databases (pglite-pool.cjs).
// jest loads an environment once per worker and a test file's modules once per file, so the pool lives here
// to outlive a file: the next file of the worker gets the database the last one gave back.
'use strict';

const { TestEnvironment } = require('jest-environment-node');
const pglitePool = require('./pglite-pool.cjs');

module.exports = class ApiTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.agencyPglitePool = pglitePool;
  }
};
