#!/usr/bin/env node
// `npm test`, `npm run test:changed` and CI's test steps: runs the suites in stages, side by side where one of
// them mostly waits (the API's crash test waits for leases to run out, the API suites on PostgreSQL wait on
// the server), and ends with a table of what each suite took, slowest first, and how busy the CPUs were.
//
//   node tools/suites/run-suites.mjs            every unit suite and the crash test side by side, then the journeys
//   node tools/suites/run-suites.mjs --changed  the unit suites Nx finds affected against main (--base=<ref> to
//                                            change), and the journeys when anything they run was changed
//   node tools/suites/run-suites.mjs --ci       what .ci/run adds: also the API suites on PostgreSQL
//                                            (CI_TEST_DATABASE_URL) and the journeys on two API replicas
//
// A stage runs only when the one before passed, as `a && b` did.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { busyShare, machineCpuTimes } from './cpu-time.mjs';
import { formatBusyLine, formatSuiteTable, suiteRowsFromNxProfile } from './suite-table.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const mode = args.includes('--changed') ? 'changed' : args.includes('--ci') ? 'ci' : 'all';
const base = args.find((a) => a.startsWith('--base='))?.slice('--base='.length) ?? 'main';

const work = mkdtempSync(path.join(tmpdir(), 'agency-test-run-'));
// Nx writes its profile relative to the working directory.
const profileDir = path.relative(ROOT, path.join(ROOT, 'node_modules', '.cache', 'agency-test-run'));
mkdirSync(path.join(ROOT, profileDir), { recursive: true });
const summaryDir = path.join(work, 'jest');

/** @typedef {{ name: string, command: string, args: string[], env?: Record<string, string>, cwd?: string, untilNextStage?: boolean }} Step */

/** @type {import('./suite-table.mjs').SuiteRow[][]} */
const rows = [];
/** How busy the CPUs were over each stage, where the system says (tools/suites/cpu-time.mjs). */
const busyStages = [];
let profiles = 0;

/** jest's counts written so far (tools/jest/summary-reporter.cjs). */
function jestCounts() {
  if (!existsSync(summaryDir)) return [];
  return readdirSync(summaryDir).map((file) => JSON.parse(readFileSync(path.join(summaryDir, file), 'utf8')));
}

/** A step's rows: one per Nx task when it ran Nx, else one for the step. */
function stepRows(step, seconds, status) {
  const counts = jestCounts();
  const profile = path.join(ROOT, step.profile);
  if (existsSync(profile)) {
    const tasks = suiteRowsFromNxProfile(JSON.parse(readFileSync(profile, 'utf8')), counts, step.name);
    rmSync(profile, { force: true });
    if (tasks.length) return tasks;
  }
  const own = counts.filter((c) => c.step === step.name);
  return [
    { suite: step.name, seconds, status, ...(own.length && { tests: own.reduce((n, c) => n + c.tests, 0) }) },
  ];
}

/** Runs one step; resolves with whether it passed. Lines are prefixed with the step's name when it has company. */
function run(step, prefixed) {
  const started = Date.now();
  // A step that runs Nx gets a row per task from Nx's profile (written relative to the working directory).
  step.profile = path.join(profileDir, `${process.pid}-${profiles++}.json`);
  const env = {
    ...process.env,
    ...step.env,
    AGENCY_TEST_SUMMARY_DIR: summaryDir,
    AGENCY_TEST_STEP: step.name,
    NX_PROFILE: step.profile,
  };
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: step.cwd ?? ROOT,
      env,
      stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (prefixed) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        from.setEncoding('utf8');
        from.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) to.write(`[${step.name}] ${line}\n`);
        });
        from.on('end', () => rest && to.write(`[${step.name}] ${rest}\n`));
      }
    }
    child.on('exit', (code, signal) => {
      const passed = code === 0;
      rows.push(
        stepRows(step, (Date.now() - started) / 1000, passed ? 'passed' : `failed (${signal ?? code})`),
      );
      resolve(passed);
    });
  });
}

/**
 * Runs each stage's steps side by side; stops after a stage with a failure. A step marked `untilNextStage` does
 * not hold the next stage back: it runs on beside it, and the next stage's end waits for it.
 */
async function runStages(stages) {
  let carried = [];
  for (const stage of stages) {
    const steps = stage.filter(Boolean);
    if (steps.length === 0) continue;
    const prefixed = steps.length + carried.length > 1;
    const cpuBefore = machineCpuTimes();
    const started = steps.map((step) => ({ step, passed: run(step, prefixed) }));
    const held = started.filter(({ step }) => !step.untilNextStage).map(({ passed }) => passed);
    const passed = !(await Promise.all([...carried, ...held])).includes(false);
    const cpuAfter = machineCpuTimes();
    if (cpuBefore && cpuAfter)
      busyStages.push({ stage: steps.map((s) => s.name).join(' + '), share: busyShare(cpuBefore, cpuAfter) });
    if (!passed) {
      await Promise.all(started.map(({ passed }) => passed));
      return false;
    }
    carried = started.filter(({ step }) => step.untilNextStage).map(({ passed }) => passed);
  }
  return !(await Promise.all(carried)).includes(false);
}

const nx = (...nxArgs) => ['nx', ...nxArgs, '--outputStyle=stream'];
const unit = { name: 'unit', command: 'npx', args: nx('run-many', '-t', 'test', '--parallel=2') };
const crash = { name: 'api crash test', command: 'npm', args: ['run', 'test:crash'] };
const build = {
  name: 'build',
  command: 'npx',
  args: nx('run-many', '-t', 'build', '--projects=tag:app,tag:service'),
};
const e2e = { name: 'journeys', command: 'npx', args: nx('run', '@agency/e2e:e2e') };

/** Projects Nx finds affected by the changes since `base` (committed, staged, unstaged and untracked). */
function affectedProjects() {
  const out = execFileSync('npx', ['nx', 'show', 'projects', '--affected', `--base=${base}`, '--json'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(out);
}

/** Files changed since `base`, committed or not. */
function changedFiles() {
  const git = (...a) => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  const mergeBase = git('merge-base', base, 'HEAD')[0];
  return [
    ...new Set([
      ...git('diff', '--name-only', mergeBase),
      ...git('ls-files', '--others', '--exclude-standard'),
    ]),
  ];
}

let stages;
if (mode === 'changed') {
  const affected = affectedProjects();
  const files = changedFiles();
  console.log(`Affected against ${base}: ${affected.join(', ') || 'nothing'}`);
  const unitStep = affected.some((p) => p !== '@agency/e2e')
    ? {
        name: 'unit (affected)',
        command: 'npx',
        args: nx('affected', '-t', 'test', '--parallel=2', `--base=${base}`),
      }
    : null;
  const crashStep =
    affected.includes('@agency/api') || affected.includes('@agency/local-cloud') ? crash : null;
  // The journeys run the whole product: any change to what they run (or to themselves) runs them. When only
  // journey files changed, only those run.
  const productChanged = affected.some((p) => p !== '@agency/e2e');
  const journeyFiles = files.filter(
    (f) => /^e2e\/src\/[^/]+\.e2e\.ts$/.test(f) && existsSync(path.join(ROOT, f)),
  );
  const onlyJourneys =
    !productChanged && files.every((f) => f.startsWith('e2e/src/')) && journeyFiles.length > 0;
  let e2eStep = null;
  if (productChanged || affected.includes('@agency/e2e')) {
    e2eStep = onlyJourneys
      ? {
          name: `journeys (${journeyFiles.length} changed)`,
          command: 'node',
          // As e2e/package.json runs them all.
          args: [
            '--import',
            'tsx',
            'src/run-journeys.ts',
            ...journeyFiles.map((f) => path.relative('e2e', f)),
          ],
          cwd: path.join(ROOT, 'e2e'),
        }
      : e2e;
  }
  stages = [[unitStep, crashStep], e2eStep && [build], e2eStep && [e2eStep]];
} else if (mode === 'ci') {
  const url = process.env.CI_TEST_DATABASE_URL;
  if (!url) throw new Error('--ci needs CI_TEST_DATABASE_URL (a PostgreSQL server for the API suites)');
  const onPostgres = { TEST_DATABASE_URL: url };
  stages = [
    // The API suites on PostgreSQL leave about 60 % of the machine idle (they wait on the server, jobs and
    // leases; the suite runs in band, see package.json): lint, the one-program typecheck and the crash test on
    // the embedded database fill it. The suite on PostgreSQL outlasts the others by about a minute, so the unit
    // suites start without waiting for it.
    [
      { name: 'lint', command: 'npm', args: ['run', 'lint'] },
      { name: 'typecheck', command: 'npm', args: ['run', 'typecheck'] },
      {
        name: 'api on PostgreSQL',
        command: 'npm',
        args: ['run', 'test:api:postgres'],
        env: onPostgres,
        untilNextStage: true,
      },
      { name: 'api crash test on PostgreSQL', command: 'npm', args: ['run', 'test:crash'], env: onPostgres },
      crash,
    ],
    [unit],
    [build],
    [e2e],
    [
      {
        name: 'journeys on two API replicas',
        command: 'npx',
        args: nx('run', '@agency/e2e:e2e'),
        env: { E2E_API_REPLICAS: '2' },
      },
    ],
  ];
} else {
  stages = [[unit, crash], [build], [e2e]];
}

const started = Date.now();
const cpuAtStart = machineCpuTimes();
const passed = await runStages(stages.filter(Boolean));
const cpuAtEnd = machineCpuTimes();

rmSync(work, { recursive: true, force: true });
const wallSeconds = (Date.now() - started) / 1000;
console.log(`\n${formatSuiteTable(rows.flat(), wallSeconds)}`);
if (cpuAtStart && cpuAtEnd)
  console.log(formatBusyLine(busyStages, busyShare(cpuAtStart, cpuAtEnd), availableParallelism()));
console.log();
process.exit(passed ? 0 : 1);
