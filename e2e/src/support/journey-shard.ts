// One of run-journeys.ts's processes: runs the journey files nobody else has taken, one after the other, until none
// is left. Each file's tests run inside a suite named after it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'node:test';
import { pathToFileURL } from 'node:url';

const queue = process.env.E2E_JOURNEY_QUEUE;
if (!queue) throw new Error('journey-shard.ts is run by run-journeys.ts, which names the queue.');
const files: { name: string; path: string }[] = JSON.parse(readFileSync(join(queue, 'files.json'), 'utf8'));

/** Takes the next file nobody has taken (creating its marker is atomic: one process wins) and queues its run. */
function takeNext(): Promise<void> | undefined {
  for (const [index, file] of files.entries()) {
    try {
      writeFileSync(join(queue!, `${index}.taken`), String(process.pid), { flag: 'wx' });
    } catch {
      continue;
    }
    return describe(file.name, async () => {
      await import(pathToFileURL(file.path).href);
    });
  }
  return undefined;
}

// A top-level suite's promise settles when its tests have run. One more file waits in line the whole time: with
// --test-force-exit, a moment with nothing left to run ends the process.
let running = takeNext();
while (running) {
  const next = takeNext();
  await running;
  running = next;
}
