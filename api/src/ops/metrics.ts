import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Release ids per remote that get their own series; more are counted as 'other'. */
const MAX_RELEASES_PER_REMOTE = 50;

/**
 * The API's Prometheus metrics (prom-client): requests and their latency by route pattern (never by raw path,
 * so ids do not multiply the series), jobs by queue and outcome, money operations by kind and outcome. One
 * registry per app, so tests that start several apps in one process keep them apart.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'jobs_total',
    help: 'Background jobs run',
    labelNames: ['queue', 'outcome'] as const,
    registers: [registry],
  });
  const jobLatency = new Histogram({
    name: 'job_duration_seconds',
    help: 'Time a background job took',
    labelNames: ['queue'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30],
    registers: [registry],
  });
  const moneyOperations = new Counter({
    name: 'money_operations_total',
    help: 'Money operations by kind and how they ended (succeeded, refused, compensated, completed_by_recovery)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const remoteLoads = new Counter({
    name: 'remote_loads_total',
    help: "Remote page loads reported by visitors' browsers (sampled), by remote and release",
    labelNames: ['remote', 'release'] as const,
    registers: [registry],
  });
  const remoteFailures = new Counter({
    name: 'remote_load_failures_total',
    help: "Remote page loads that failed in visitors' browsers (sampled), by remote, release and phase",
    labelNames: ['remote', 'release', 'phase'] as const,
    registers: [registry],
  });
  // Anyone may report a release id: past this many per remote, new ones count as 'other', so a flood of made-up
  // ids cannot multiply the series.
  const releasesSeen = new Map<string, Set<string>>();
  const releaseLabel = (remote: string, release: string) => {
    const seen = releasesSeen.get(remote) ?? new Set<string>();
    releasesSeen.set(remote, seen);
    if (seen.has(release)) return release;
    if (seen.size >= MAX_RELEASES_PER_REMOTE) return 'other';
    seen.add(release);
    return release;
  };
  return {
    registry,
    /** One reported load of a remote page: a failed one with its phase (issue 37). */
    remoteLoad(remote: string, release: string, failedPhase?: string): void {
      const label = { remote, release: releaseLabel(remote, release) };
      remoteLoads.inc(label);
      if (failedPhase) remoteFailures.inc({ ...label, phase: failedPhase });
    },
    request(method: string, route: string, status: number, seconds: number): void {
      requests.inc({ method, route, status });
      latency.observe({ method, route }, seconds);
    },
    job(queue: string, outcome: 'succeeded' | 'failed', seconds: number): void {
      jobs.inc({ queue, outcome });
      jobLatency.observe({ queue }, seconds);
    },
    moneyOperation(kind: string, outcome: string): void {
      moneyOperations.inc({ kind, outcome });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
