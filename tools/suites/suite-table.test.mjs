import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatBusyLine, formatSuiteTable, suiteRowsFromNxProfile } from './suite-table.mjs';

test('Nx profile events become rows, with jest counts of the same step and project and cache hits named', () => {
  const profile = [
    { name: 'thread_name', ph: 'M', args: { name: 'Group #1' } },
    {
      name: '@agency/api:test',
      ph: 'X',
      dur: 61_500_000,
      args: { status: 'success', target: { project: '@agency/api', target: 'test' } },
    },
    {
      name: '@agency/ui:test',
      ph: 'X',
      dur: 120_000,
      args: { status: 'local-cache-kept-existing', target: { project: '@agency/ui', target: 'test' } },
    },
  ];
  const counts = [
    { step: 'unit', project: 'api', tests: 400, failed: 0 },
    { step: 'api crash test', project: 'api', tests: 34, failed: 0 },
  ];
  assert.deepEqual(suiteRowsFromNxProfile(profile, counts, 'unit'), [
    { suite: 'api test', seconds: 61.5, status: 'success', tests: 400 },
    { suite: 'ui test', seconds: 0.12, status: 'cached' },
  ]);
});

test('the table lists the slowest suite first and the wall-clock total', () => {
  const table = formatSuiteTable(
    [
      { suite: 'ui test', seconds: 12.04, status: 'success', tests: 31 },
      { suite: 'journeys', seconds: 250, status: 'passed' },
      { suite: 'api test', seconds: 61.5, status: 'success', tests: 400 },
    ],
    330,
  );
  const lines = table.split('\n');
  assert.match(lines[3], /^journeys\s+4 min 10 s\s+passed$/);
  assert.match(lines[4], /^api test\s+1 min 02 s\s+400\s+success$/);
  assert.match(lines[5], /^ui test\s+12\.0 s\s+31\s+success$/);
  assert.equal(lines.at(-1), 'total (wall clock): 5 min 30 s');
});

test('a time that rounds up to the next minute reads as that minute', () => {
  const lines = formatSuiteTable(
    [{ suite: 'crash test', seconds: 179.6, status: 'passed', tests: 34 }],
    59.97,
  ).split('\n');
  assert.match(lines[3], /^crash test\s+3 min 00 s\s+34\s+passed$/);
  assert.equal(lines.at(-1), 'total (wall clock): 1 min 00 s');
});

test('the busy line gives the run’s share and each stage’s, as whole percents', () => {
  assert.equal(
    formatBusyLine(
      [
        { stage: 'unit + api crash test', share: 0.964 },
        { stage: 'build', share: 0.71 },
      ],
      0.9249,
      2,
    ),
    'CPU busy (the whole machine, 2 cores): 92 % over the run; by stage: unit + api crash test 96 %, build 71 %',
  );
  assert.equal(formatBusyLine([], 0.5, 2), 'CPU busy (the whole machine, 2 cores): 50 % over the run');
});
