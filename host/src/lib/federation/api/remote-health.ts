import { getAppConfig, hasAppConfig, type RemoteLocation } from '@agency/app-config';
import type { RemoteLoadPhase } from '@agency/domain';
import { IncompatibleReleaseError } from '../../../runtime-plugin/incompatible-release-error';

// Remote health reports (issue 37), loaded on demand by remote-registry.ts: each load of a remote page, and the
// phase a failed one failed in, goes to the API (POST /api/remote-health), which counts loads and failures per
// remote and release for /metrics, `npm run releases` and the release guard that rolls a failing canary back.
// A report names the remote, the release, the phase and the error's class name: no URL, no message, no user.
// Sampled (the runtime configuration's remoteHealth.sampleRate, loads and failures alike, so rates stay true)
// and limited per tab; sent as a beacon (plain text: no preflight, and it survives the tab closing).

/** At most this many reports per tab. */
const MAX_REPORTS = 20;
let sent = 0;

/** The phase a load failed in, from what the federation runtime threw. */
export function failurePhase(error: unknown): RemoteLoadPhase {
  if (error instanceof IncompatibleReleaseError) return 'manifest';
  const text = String(error instanceof Error ? `${error.name} ${error.message}` : error);
  if (/RUNTIME-008|ScriptExternalLoadError|remoteEntry|script/i.test(text)) return 'entry';
  if (/RUNTIME-00[23]|manifest|snapshot/i.test(text)) return 'manifest';
  return 'expose';
}

/** An error's class name, never its message (which may carry data); 'Error' when it has none of its own. */
export function errorClass(error: unknown): string {
  const name = error instanceof Error ? error.name || error.constructor?.name : typeof error;
  return /^[A-Za-z_$][\w$]{0,63}$/.test(name ?? '') ? name! : 'Error';
}

/**
 * Reports a view of `remote`'s page from the release whose manifest the document runs (`at`: where the remote's
 * releases are). Nothing for a build that is not a release (a dev server's).
 */
export function reportLoad(
  remote: string,
  manifest: string | undefined,
  at: RemoteLocation | undefined,
  failure?: { error: unknown; phase?: 'render' },
  random: () => number = Math.random,
): boolean {
  const release = [at, at?.previous].find((l) => l?.manifest === manifest)?.release;
  // A page that did not load was reported where it failed, not again by the error boundary.
  if (!release || !hasAppConfig() || (failure?.error as Error | undefined)?.name === 'RemoteUnavailableError')
    return false;
  const config = getAppConfig();
  const rate = config.remoteHealth?.sampleRate ?? 1;
  if (sent >= MAX_REPORTS || random() >= rate) return false;
  sent += 1;
  const body = JSON.stringify({
    remote,
    release,
    outcome: failure ? 'failed' : 'loaded',
    ...(failure && {
      phase: failure.phase ?? failurePhase(failure.error),
      errorClass: errorClass(failure.error),
    }),
  });
  const url = `${config.apiUrl}/api/remote-health`;
  if (!navigator.sendBeacon?.(url, body)) void fetch(url, { method: 'POST', body }).catch(() => {});
  return true;
}
