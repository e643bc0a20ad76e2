// The CPU time of the processes a process has waited for, as Linux accounts it: the kernel adds a process's CPU
// time, and that of the children it waited for, to its parent's when the parent waits for it.
import { readFileSync } from 'node:fs';

/** user + system seconds of the children a process waited for, from its /proc/<pid>/stat line. */
export function waitedChildrenCpuSeconds(stat) {
  // Fields after the command name (which may hold spaces), from field 3 (state): cutime is field 16, cstime 17,
  // in clock ticks, which Linux reports at 100 per second (USER_HZ) whatever the kernel's own rate.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[16 - 3]) + Number(fields[17 - 3])) / 100;
}

/** This process's /proc stat line; undefined where there is no /proc. */
export function ownProcStat() {
  try {
    return readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return undefined;
  }
}
