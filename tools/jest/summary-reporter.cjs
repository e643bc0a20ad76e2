// A jest reporter for tools/suites/run-suites.mjs: when AGENCY_TEST_SUMMARY_DIR is set, each jest run writes its
// project's test counts there (one small JSON file per run), so the run's table can say how many tests each
// suite has. Without the variable it does nothing.
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');

module.exports = class SummaryReporter {
  constructor(globalConfig, options = {}) {
    this.name = options.name ?? 'jest';
  }

  onRunComplete(_contexts, results) {
    const dir = process.env.AGENCY_TEST_SUMMARY_DIR;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    const step = process.env.AGENCY_TEST_STEP ?? 'test';
    writeFileSync(
      path.join(dir, `${step}--${this.name.replace(/[^\w.-]/g, '_')}--${process.pid}.json`),
      JSON.stringify({
        step,
        project: this.name,
        tests: results.numTotalTests,
        passed: results.numPassedTests,
        failed: results.numFailedTests,
        skipped: results.numPendingTests + results.numTodoTests,
        files: results.numTotalTestSuites,
        seconds: (Date.now() - results.startTime) / 1000,
      }),
    );
  }
};
