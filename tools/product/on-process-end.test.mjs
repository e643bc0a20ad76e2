import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'node:test';

const MODULE = new URL('./on-process-end.mjs', import.meta.url).href;

/** Runs a script that registers cleanups, sends it `signal` once it is ready, and returns what it printed. */
async function endWith(signal, script) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    out += chunk;
    if (out.includes('ready\n')) child.kill(signal);
  });
  const [code] = await once(child, 'exit');
  return { code, out };
}

test('a signal nobody else handles runs every cleanup not cancelled, once, and ends the process', async () => {
  const { code, out } = await endWith(
    'SIGTERM',
    `import { onProcessEnd } from '${MODULE}';
     onProcessEnd(() => console.log('stopped api'));
     const cancel = onProcessEnd(() => console.log('stopped nginx'));
     cancel();
     setInterval(() => {}, 1000);
     console.log('ready');`,
  );
  assert.equal(code, 128 + 15);
  assert.equal(out, 'ready\nstopped api\n');
});

test("a signal the caller handles runs the cleanups and leaves the ending to the caller's handler", async () => {
  const { code, out } = await endWith(
    'SIGINT',
    `import { onProcessEnd } from '${MODULE}';
     onProcessEnd(() => console.log('stopped api'));
     process.on('SIGINT', () => setTimeout(() => { console.log('caller done'); process.exit(0); }, 50));
     setInterval(() => {}, 1000);
     console.log('ready');`,
  );
  assert.equal(code, 0);
  assert.equal(out, 'ready\nstopped api\ncaller done\n');
});
