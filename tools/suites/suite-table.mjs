// The table `npm test` ends with: what each suite took, slowest first, with its test count where jest gave one.

/**
 * @typedef {{ suite: string, seconds: number, status: string, tests?: number }} SuiteRow
 * @typedef {{ step: string, seconds: number }} StepCpu
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

const formatSeconds = (s) =>
  s >= 60
    ? `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s`
    : `${s.toFixed(1)} s`;

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
 * The line under the table: the CPU each step's processes used, most first, and what share of the machine the
 * run kept busy. A run near 100 % is bound by CPU: only less work makes it faster, not more running side by side.
 * @param {StepCpu[]} steps
 * @param {number} wallSeconds the whole run, wall clock
 * @param {number} cores
 */
export function formatCpuLine(steps, wallSeconds, cores) {
  const total = steps.reduce((sum, s) => sum + s.seconds, 0);
  const each = [...steps]
    .sort((a, b) => b.seconds - a.seconds)
    .map((s) => `${s.step} ${formatSeconds(s.seconds)}`)
    .join(', ');
  const share = Math.round((100 * total) / (wallSeconds * cores));
  return `CPU (user + system, every process of a step): ${each}; in all ${formatSeconds(total)}, ${share} % of ${cores} cores over the run`;
}
