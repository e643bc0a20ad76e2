// What this process started outside itself (the services, nginx, a throwaway PostgreSQL) is stopped when the
// process ends: on its 'exit' event, and on SIGINT, SIGTERM or SIGHUP, which skip that event. A caller's own
// handler may never stop them (Playwright's SIGTERM handler only closes its browsers: a journey file killed by
// its test runner left its API running), so a signal runs the cleanups at once, and ends the process when
// nobody else handles it (`npm start` does, and stops the product its own way).
import { constants } from 'node:os';

const cleanups = new Set();
let listening = false;

function runCleanups() {
  for (const cleanup of cleanups) {
    cleanups.delete(cleanup);
    cleanup();
  }
}

/** Runs `cleanup` (synchronous) when this process ends; returns what cancels that, for a stop that did it. */
export function onProcessEnd(cleanup) {
  if (!listening) {
    listening = true;
    process.on('exit', runCleanups);
    for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
      process.on(signal, () => {
        runCleanups();
        if (process.listenerCount(signal) === 1) process.exit(128 + constants.signals[signal]);
      });
    }
  }
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}
