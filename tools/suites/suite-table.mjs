// The table `npm test` ends with: what each suite took, slowest first, with its test count where jest gave one.

/**
 * @typedef {{ suite: string, seconds: number, status: string, tests?: number }} SuiteRow
 * @typedef {{ step: string, project: string, tests: number, failed: number }} JestCount
 */

const shortName = (project) => project.replace(/^@[^/]+\//, '');

/**
 * Rows for the tasks of one Nx run, from the profile Nx writes when NX_PROFILE names a file (Chrome trace
 * events: `X` events named after the task, in microseconds).
 * @param {Array<{ ph: string, name: string, dur?: number, args?: { status?: string, target?: { project: string, target: string } } }>} profile
 * @param {JestCount[]} counts jest's counts of this run (tools/jest/summary-reporter.cjs)
 * @param {string} step the name the counts were written under
 * @returns {SuiteRow[]}
 */
export function suiteRowsFromNxProfile(profile, counts, step) {
  return profile
    .filter((event) => event.ph === 'X' && event.args?.target)
    .map((event) => {
      const { project, target } = event.args.target;
      const jest = counts.filter((c) => c.step === step && c.project === shortName(project));
      const status = event.args.status ?? 'unknown';
      return {
        suite: `${shortName(project)} ${target}`,
        seconds: (event.dur ?? 0) / 1e6,
        status: status.startsWith('local-cache') || status === 'remote-cache' ? 'cached' : status,
        ...(jest.length && { tests: jest.reduce((sum, c) => sum + c.tests, 0) }),
      };
    });
}

// Rounded to whole seconds before splitting, so 179.6 s reads "3 min 00 s", not "2 min 60 s".
const formatSeconds = (s) => {
  if (s < 59.95) return `${s.toFixed(1)} s`;
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
};

/**
 * @param {SuiteRow[]} rows
 * @param {number} totalSeconds the whole run, wall clock
 */
export function formatSuiteTable(rows, totalSeconds) {
  const sorted = [...rows].sort((a, b) => b.seconds - a.seconds);
  const table = [
    ['suite', 'time', 'tests', 'result'],
    ...sorted.map((r) => [
      r.suite,
      formatSeconds(r.seconds),
      r.tests === undefined ? '' : String(r.tests),
      r.status,
    ]),
  ];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  const line = (row) =>
    row
      .map((cell, i) => (i === 1 || i === 2 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [
    'Suite times, slowest first (suites of one stage ran side by side):',
    line(table[0]),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...table.slice(1).map(line),
    `total (wall clock): ${formatSeconds(totalSeconds)}`,
  ].join('\n');
}

/**
 * The line under the table: how busy the machine's CPUs were over each stage and over the run. A stage near
 * 100 % is bound by CPU: it gets faster only with less work, not with more of it side by side.
 * @param {Array<{ stage: string, share: number }>} stages
 * @param {number} overall the run's busy share (0-1)
 * @param {number} cores
 */
export function formatBusyLine(stages, overall, cores) {
  const percent = (share) => `${Math.round(share * 100)} %`;
  const each = stages.map((s) => `${s.stage} ${percent(s.share)}`).join(', ');
  return `CPU busy (the whole machine, ${cores} cores): ${percent(overall)} over the run${each && `; by stage: ${each}`}`;
}
