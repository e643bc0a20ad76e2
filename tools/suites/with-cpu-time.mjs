#!/usr/bin/env node
// Runs one command and, once it has ended, writes the CPU time its whole process tree used to a file:
//
//   node tools/suites/with-cpu-time.mjs <file> <command> [args...]
//
// The kernel adds a process's CPU time, and that of the children it waited for, to its parent's when the parent
// waits for it. This process has one child, so what it has been given once that child ended is the tree's (jest's
// workers, Nx's tasks, the browsers and servers of the journeys), however many ran at once beside it. Linux
// reports it in /proc; elsewhere no file is written. Exits as the command did.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/** user + system seconds of the children a process waited for, from its /proc/<pid>/stat line. */
export function waitedChildrenCpuSeconds(stat) {
  // Fields after the command name (which may hold spaces), from field 3 (state): cutime is field 16, cstime 17,
  // in clock ticks, which Linux reports at 100 per second (USER_HZ) whatever the kernel's own rate.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[16 - 3]) + Number(fields[17 - 3])) / 100;
}

function readProcStat() {
  try {
    return readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return undefined;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, command, ...args] = process.argv.slice(2);
  const child = spawn(command, args, { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(error.message);
    process.exit(127);
  });
  child.on('exit', (code, signal) => {
    const stat = readProcStat();
    if (stat !== undefined) writeFileSync(file, String(waitedChildrenCpuSeconds(stat)));
    if (!signal) process.exit(code ?? 1);
    // Ended by a signal: end the same way, so the runner reports the signal.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  });
}
