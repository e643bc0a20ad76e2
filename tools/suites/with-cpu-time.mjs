#!/usr/bin/env node
// Runs one command and, once it has ended, writes the CPU time its whole process tree used to a file:
//
//   node tools/suites/with-cpu-time.mjs <file> <command> [args...]
//
// This process has one child, so the CPU of the children it waited for (cpu-time.mjs), read once that child has
// ended, is the tree's: jest's workers, Nx's tasks, the browsers and servers of the journeys, however many ran at
// once beside it. Without /proc (not Linux) no file is written. Exits as the command did.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { ownProcStat, waitedChildrenCpuSeconds } from './cpu-time.mjs';

const [file, command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  console.error(error.message);
  process.exit(127);
});
child.on('exit', (code, signal) => {
  const stat = ownProcStat();
  if (stat !== undefined) writeFileSync(file, String(waitedChildrenCpuSeconds(stat)));
  if (!signal) process.exit(code ?? 1);
  // Ended by a signal: end the same way, so the runner reports the signal.
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
});
