// How busy the machine's CPUs were over a span, from Linux's /proc/stat. The whole machine's, on purpose: the
// processes of a test run's steps are not all in one tree that could be accounted (a browser's renderers outlive
// the browser process a journey kills, a PostgreSQL server was started before the run).
import { readFileSync } from 'node:fs';

/** @typedef {{ busy: number, total: number }} CpuTimes clock ticks since boot, all CPUs together */

/**
 * The `cpu` line of /proc/stat: user nice system idle iowait irq softirq steal (guest time is already in user).
 * @param {string} stat the file's text
 * @returns {CpuTimes}
 */
export function cpuTimesFromProcStat(stat) {
  const line = stat.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) throw new Error('no cpu line in /proc/stat');
  const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/** @returns {CpuTimes | undefined} now, or undefined where there is no /proc/stat */
export function machineCpuTimes() {
  try {
    return cpuTimesFromProcStat(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return undefined;
  }
}

/** The share (0-1) of the CPUs' time that was busy between two readings. */
export const busyShare = (from, to) => (to.busy - from.busy) / Math.max(1, to.total - from.total);
