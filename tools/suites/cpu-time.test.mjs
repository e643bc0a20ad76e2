import assert from 'node:assert/strict';
import { test } from 'node:test';
import { busyShare, cpuTimesFromProcStat } from './cpu-time.mjs';

test('busy time is everything but idle and I/O wait, summed over the CPUs', () => {
  const stat = ['cpu  100 5 45 800 50 0 0 0 0 0', 'cpu0 50 2 20 400 25 0 0 0 0 0', 'intr 123'].join('\n');
  assert.deepEqual(cpuTimesFromProcStat(stat), { busy: 150, total: 1000 });
});

test('the busy share between two readings', () => {
  assert.equal(busyShare({ busy: 150, total: 1000 }, { busy: 1050, total: 2000 }), 0.9);
});
