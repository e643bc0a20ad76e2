// `npm run e2e`: runs the journey files (every src/*.e2e.ts, or the ones named) in E2E_CONCURRENCY processes
// (2 by default), each taking the next file when it has finished one (support/journey-shard.ts), longest first
// by the last run's times. A process keeps its browser and its web server from one file to the next
// (support/suite.ts, support/product.ts). The processes get this one's Node options and `--test-force-exit`,
// which ends each once its files have run, though a product may have left a handle open. Not this process's own
// option: here it would end the process as soon as the last test ends, before the reporter has written the
// reports it still holds (those of all but one process, failures included).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';
import { onProcessEnd } from '../../tools/product/on-process-end.mjs';

const E2E = fileURLToPath(new URL('..', import.meta.url));
const TIMES = join(E2E, '..', 'node_modules', '.cache', 'agency-e2e', 'journey-seconds.json');

const named = process.argv.slice(2).map((file) => resolve(file));
const paths = named.length
  ? named
  : readdirSync(join(E2E, 'src'))
      .filter((file) => file.endsWith('.e2e.ts'))
      .map((file) => join(E2E, 'src', file));

const lastTimes: Record<string, number> = existsSync(TIMES) ? JSON.parse(readFileSync(TIMES, 'utf8')) : {};
// A file not timed yet goes first: it may be the longest.
const files = paths
  .map((path) => ({ name: relative(E2E, path), path }))
  .sort((a, b) => (lastTimes[b.name] ?? Infinity) - (lastTimes[a.name] ?? Infinity));

const queue = mkdtempSync(join(tmpdir(), 'agency-journeys-'));
onProcessEnd(() => rmSync(queue, { recursive: true, force: true }));
writeFileSync(join(queue, 'files.json'), JSON.stringify(files));
process.env.E2E_JOURNEY_QUEUE = queue;

const concurrency = Math.max(1, Number(process.env.E2E_CONCURRENCY ?? 2));
const shard = fileURLToPath(new URL('./support/journey-shard.ts', import.meta.url));
process.execArgv.push('--test-force-exit');
const stream = run({
  files: Array.from({ length: Math.min(concurrency, files.length) }, () => shard),
  concurrency,
});

const times: Record<string, number> = { ...lastTimes };
const fileNames = new Set(files.map((file) => file.name));
type Ended = { name: string; nesting: number; details: { duration_ms: number } };
const timed = (event: Ended) => {
  if (event.nesting === 0 && fileNames.has(event.name)) times[event.name] = event.details.duration_ms / 1000;
};
stream.on('test:pass', timed);
stream.on('test:fail', (event) => {
  timed(event);
  process.exitCode = 1;
});
const report = stream.compose(new spec());
report.pipe(process.stdout);
report.on('end', () => {
  mkdirSync(join(TIMES, '..'), { recursive: true });
  writeFileSync(TIMES, `${JSON.stringify(times, null, 2)}\n`);
  console.log(`ℹ files ${files.length}`);
});
