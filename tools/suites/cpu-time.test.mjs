import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { waitedChildrenCpuSeconds } from './cpu-time.mjs';

const wrapper = fileURLToPath(new URL('./with-cpu-time.mjs', import.meta.url));

test('the waited-for children’s CPU is read past a command name with spaces and parentheses', () => {
  // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
  const stat = '4242 (node (a) b) S 1 4242 4242 0 -1 4194304 10 20 0 0 7 3 1250 250 20 0 1 0';
  assert.equal(waitedChildrenCpuSeconds(stat), 15);
});

test(
  'a command’s CPU, its children’s included, is written once it ends, and its exit code is kept',
  { skip: !existsSync('/proc/self/stat') && 'no /proc on this system' },
  () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'with-cpu-time-'));
    try {
      const file = path.join(dir, 'cpu');
      // A child that spins for ~0.3 s of CPU in a grandchild, then exits 3.
      const spin = `require('node:child_process').execFileSync(process.execPath, ['-e', 'const end = Date.now() + 300; while (Date.now() < end);']); process.exit(3)`;
      assert.throws(
        () => execFileSync(process.execPath, [wrapper, file, process.execPath, '-e', spin]),
        (error) => error.status === 3,
      );
      const seconds = Number(readFileSync(file, 'utf8'));
      assert.ok(seconds >= 0.25, `${seconds} s`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
