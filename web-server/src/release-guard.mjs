// The release guard: while a remote runs a canary, it compares the canary's failure rate in real browsers
// (the reports the host sends to the API: POST /api/remote-health) with the current release's, and ends the
// canary when it fails more by a set margin over a minimum number of loads: every visitor gets the current
// release again, the audit log records it, and the API tells the consultancy's inbox. It runs in the host's
// server process (which owns the release pointer), beside the web tier: web-server.mjs.
import { appendAudit, endCanary, readPointer, releasePaths, remoteApps } from './releases.mjs';

/** The defaults: 5 percentage points over the current release's rate, from 20 loads on, checked every 15 s. */
export const GUARD_DEFAULTS = { marginPoints: 5, minLoads: 20, intervalMs: 15_000 };

/** The thresholds from the environment (CANARY_MARGIN_POINTS, CANARY_MIN_LOADS, CANARY_CHECK_MS). */
export function guardSettings(env) {
  const number = (name, fallback) => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed < 0)
      throw new Error(`${name} must be a number, 0 or more: ${value}`);
    return parsed;
  };
  return {
    marginPoints: number('CANARY_MARGIN_POINTS', GUARD_DEFAULTS.marginPoints),
    minLoads: number('CANARY_MIN_LOADS', GUARD_DEFAULTS.minLoads),
    intervalMs: number('CANARY_CHECK_MS', GUARD_DEFAULTS.intervalMs),
  };
}

const rate = ({ loads, failures }) => (loads > 0 ? failures / loads : 0);
export const percent = (value) => `${(value * 100).toFixed(1)}%`;

/**
 * Whether a canary is to be rolled back: its failure rate over at least `minLoads` loads exceeds the current
 * release's by more than `marginPoints` percentage points.
 * @param {{ loads: number, failures: number }} canary
 * @param {{ loads: number, failures: number }} current
 * @returns {{ rollback: boolean, reason: string }}
 */
export function judgeCanary(canary, current, { marginPoints, minLoads }) {
  const [canaryRate, currentRate] = [rate(canary), rate(current)];
  const facts = `failure rate ${percent(canaryRate)} over ${canary.loads} loads, current release ${percent(currentRate)} over ${current.loads}; margin ${marginPoints} points, from ${minLoads} loads`;
  if (canary.loads < minLoads) return { rollback: false, reason: `too few loads yet: ${facts}` };
  if (canaryRate > currentRate + marginPoints / 100) return { rollback: true, reason: facts };
  return { rollback: false, reason: `within the margin: ${facts}` };
}

/** The API's counts per remote and release: GET /ops/remote-health (the ops token, METRICS_TOKEN, if set). */
export async function fetchRemoteHealth(env) {
  const response = await fetch(`${env.API_URL}/ops/remote-health`, {
    headers: env.METRICS_TOKEN ? { authorization: `Bearer ${env.METRICS_TOKEN}` } : {},
    signal: AbortSignal.timeout(3000),
  });
  if (!response.ok) throw new Error(`the API answered ${response.status} for /ops/remote-health`);
  /** @type {{ remotes: Record<string, Record<string, { loads: number, failures: number, phases: Record<string, number> }>> }} */
  const body = await response.json();
  return body.remotes;
}

const NONE = { loads: 0, failures: 0 };

/** One look at every running canary; rolls back those that fail. Returns what it did, for the log and tests. */
export async function checkCanaries(env, settings, { log = () => {} } = {}) {
  const pointer = readPointer(releasePaths(env).pointerFile);
  const canaries = Object.entries(pointer).filter(([, entry]) => entry.canary && entry.history.length);
  if (canaries.length === 0) return [];
  const health = await fetchRemoteHealth(env);
  const remotes = await remoteApps();
  const done = [];
  for (const [name, entry] of canaries) {
    const remote = remotes.find((r) => r.name === name);
    const current = entry.history.at(-1);
    const canary = entry.canary.release;
    const verdict = judgeCanary(health[name]?.[canary] ?? NONE, health[name]?.[current] ?? NONE, settings);
    if (!remote || !verdict.rollback) continue;
    const ended = endCanary({ env, remote, expected: canary });
    if (!ended) continue;
    const reason = `automatic: ${verdict.reason}`;
    const line = appendAudit(env, {
      action: 'automatic-rollback',
      remote: name,
      release: canary,
      to: current,
      actor: 'release-guard',
      reason,
    });
    log(`[release-guard] ${name} canary ${canary} rolled back to ${current}: ${verdict.reason}`);
    await fetch(`${env.API_URL}/ops/release-rollbacks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(env.METRICS_TOKEN && { authorization: `Bearer ${env.METRICS_TOKEN}` }),
      },
      body: JSON.stringify({ remote: name, release: canary, restored: current, reason, at: line.at }),
      signal: AbortSignal.timeout(5000),
    }).then(
      (response) => {
        if (!response.ok) log(`[release-guard] the API did not take the rollback notice: ${response.status}`);
      },
      (error) => log(`[release-guard] the rollback notice did not reach the API: ${error.message}`),
    );
    done.push({ remote: name, release: canary, restored: current, reason, audit: line });
  }
  return done;
}

/** Checks every `intervalMs` while the product runs; returns the function that stops it. */
export function startReleaseGuard(env, { log = console.error } = {}) {
  const settings = guardSettings(env);
  let running = false;
  let complained = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await checkCanaries(env, settings, { log });
      complained = false;
    } catch (error) {
      // The API may be down or not serve its ops routes (production without METRICS_TOKEN): said once.
      if (!complained) log(`[release-guard] canaries not checked: ${error.message}`);
      complained = true;
    } finally {
      running = false;
    }
  }, settings.intervalMs);
  timer.unref();
  return async () => clearInterval(timer);
}
