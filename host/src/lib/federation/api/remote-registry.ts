import type { ComponentType } from 'react';
import { loadAppConfig, type AppConfig } from '@agency/app-config';
import type { RemoteRouteData } from '@agency/federation/remote-contract';
import { IncompatibleReleaseError } from '../../../runtime-plugin/incompatible-release-error';

/** The remotes the host can load and the modules they expose (see each remote's module-federation.config.mjs). */
export type RemoteName = 'marketing' | 'checkout' | 'client_portal' | 'admin_portal';

// Where each remote's current and previous release live comes from /app-config.json, which changes on every
// release and rollback. A tab left open re-reads it when it navigates to a remote page, at most this often.
const CONFIG_MAX_AGE_MS = 10_000;

let locations: AppConfig['remotes'] = {};
let readAt = 0;
let lastNavigation: string | undefined;
let reading: Promise<void> | undefined;
/** The manifest URL each remote is registered with in the federation runtime. */
const registered = new Map<string, string>();
/** Releases found not to fit this host, by manifest URL: later loads go straight to the previous release. */
const incompatible = new Map<string, IncompatibleReleaseError>();
/** The release whose code this document has run, per remote. */
const inDocument = new Map<string, string>();

/** Health reports: a chunk loaded only when there is one to send (off the start-up path). */
const onDemand = () => import(/* webpackChunkName: "remote-health" */ './remote-health');

/**
 * Reports one view of a remote page to the API (remote-health.ts: sampled, limited per tab): a failure at once, a
 * page that worked once it has been shown for a while.
 */
export function reportRemoteLoad(remote: RemoteName, failure?: { error: unknown; phase?: 'render' }): void {
  // reportLoad never throws: a report never gets in a page's way.
  setTimeout(
    () =>
      void onDemand().then((health) =>
        health.reportLoad(remote, inDocument.get(remote), locations[remote], failure),
      ),
    failure ? 0 : 10_000,
  );
}

type Runtime = typeof import('./federation-runtime');
let routeData: RemoteRouteData | undefined;
let runtime: Promise<Runtime> | undefined;

/** The federation runtime, loaded and started the first time a remote is needed. */
function federation(): Promise<Runtime> {
  if (!runtime) {
    const loading = import(/* webpackChunkName: "federation" */ './federation-runtime').then((module) => {
      if (!routeData) throw new Error('startFederationOnDemand() was not called');
      module.initFederation(routeData);
      return module;
    });
    loading.catch(() => {
      if (runtime === loading) runtime = undefined;
    });
    runtime = loading;
  }
  return runtime;
}

/** Called once at start: the runtime starts, with the host's route data, when the first remote is needed. */
export function startFederationOnDemand(data: RemoteRouteData): void {
  routeData = data;
}

function register(federation: Runtime, remote: string, manifest: string): void {
  if (registered.get(remote) === manifest) return;
  // Re-registering drops the old release's manifest, entry and module caches in the runtime.
  federation.registerRemotes([{ name: remote, entry: manifest }], { force: registered.has(remote) });
  registered.set(remote, manifest);
}

/** Records the remotes named by the runtime configuration; nothing is fetched until a route needs one. */
export function registerRemoteLocations(remotes: AppConfig['remotes']): void {
  locations = remotes;
  readAt = Date.now();
}

/**
 * Called on every render of a remote page with the navigation's key: on a new navigation, when the
 * configuration is older than CONFIG_MAX_AGE_MS, re-reads it. Returns the read to wait for (suspend on), if any.
 */
export function refreshOnNavigation(navigation: string): Promise<void> | undefined {
  if (navigation !== lastNavigation) {
    lastNavigation = navigation;
    return rereadIfStale();
  }
  return reading;
}

/** Re-reads the configuration when it is older than CONFIG_MAX_AGE_MS; the read under way, if any. */
function rereadIfStale(): Promise<void> | undefined {
  if (!reading && Date.now() - readAt >= CONFIG_MAX_AGE_MS) {
    readAt = Date.now();
    reading = loadAppConfig()
      .then(
        (config) => {
          locations = config.remotes;
        },
        (error: unknown) => console.warn('[federation] config not re-read', error),
      )
      .finally(() => {
        reading = undefined;
      });
  }
  return reading;
}

/** The manifest URL of the remote's current release: a page shown from an older release is loaded again. */
export function currentRelease(remote: RemoteName): string | undefined {
  return locations[remote]?.manifest;
}

/** Forgets a failed remote (its manifest, entry script and caches) so the next load fetches it again. */
export function resetRemote(remote: RemoteName): void {
  const entry = registered.get(remote);
  if (entry && runtime)
    void runtime.then((loaded) => loaded.registerRemotes([{ name: remote, entry }], { force: true }));
}

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly exposed: string,
    cause?: unknown,
    /** Set when the release cannot run on this host (rather than not being reachable). */
    readonly incompatible?: IncompatibleReleaseError,
  ) {
    super(`The ${remote} module ${exposed} could not be loaded.`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

export interface RemotePageModule {
  default: ComponentType;
  /** Set when the current release does not fit this host and the page comes from the previous release. */
  replaced?: IncompatibleReleaseError;
}

// The compatibility plugin's verdict reaches here as thrown: the runtime passes hook errors on unwrapped.
const incompatibilityIn = (error: unknown) => (error instanceof IncompatibleReleaseError ? error : undefined);

async function loadFrom(remote: RemoteName, manifest: string, exposed: string): Promise<ComponentType> {
  const ran = inDocument.get(remote);
  if (ran && ran !== manifest) {
    // Two releases of one remote never share a document: they would share its chunk-loading global (named
    // after the remote), and the new one would pick up the old one's chunks. The tab loads the page afresh.
    window.location.reload();
    return new Promise<never>(() => {});
  }
  const loaded = await federation();
  register(loaded, remote, manifest);
  inDocument.set(remote, manifest);
  try {
    // The runtime prefixes './' itself: 'checkout/./purchase-page' would ask for '././purchase-page'.
    const module = await loaded.loadRemote<{ default: ComponentType }>(
      `${remote}/${exposed.replace(/^\.\//, '')}`,
    );
    if (!module?.default) throw new Error('empty module');
    return module.default;
  } catch (error) {
    reportRemoteLoad(remote, { error });
    // Refused on its manifest: none of its code ran.
    if (!ran && incompatibilityIn(error)) inDocument.delete(remote);
    throw error;
  }
}

/**
 * Loads an exposed page from the remote's current release. If that release cannot run on this host, the page
 * comes from the previous release instead (and says so); without one, the error names the incompatibility.
 */
export async function loadRemotePage(remote: RemoteName, exposed: string): Promise<RemotePageModule> {
  const location = locations[remote];
  if (!location) throw new RemoteUnavailableError(remote, exposed, 'not configured');
  let refused = incompatible.get(location.manifest);
  if (!refused) {
    try {
      return { default: await loadFrom(remote, location.manifest, exposed) };
    } catch (error) {
      refused = incompatibilityIn(error);
      if (!refused) throw new RemoteUnavailableError(remote, exposed, error);
      // Reported by the error-handling plugin like every failed load; the page says it shows the previous release.
      incompatible.set(location.manifest, refused);
    }
  }
  if (!location.previous) throw new RemoteUnavailableError(remote, exposed, refused, refused);
  try {
    return { default: await loadFrom(remote, location.previous.manifest, exposed), replaced: refused };
  } catch (error) {
    const alsoRefused = incompatibilityIn(error);
    throw new RemoteUnavailableError(remote, exposed, error, alsoRefused && refused);
  }
}

/**
 * Fetches a remote's entry and the chunks of one exposed module ahead of navigation, from the release the
 * navigation will load: a configuration older than CONFIG_MAX_AGE_MS is read again first (the navigation would
 * find a newer release and have to load the page afresh). Never throws.
 */
export function prefetchRemote(remote: RemoteName, exposed: string): void {
  void (rereadIfStale() ?? Promise.resolve()).then(() => {
    const location = locations[remote];
    if (!location || incompatible.has(location.manifest)) return;
    const ran = inDocument.get(remote);
    if (ran && ran !== location.manifest) return;
    // Claimed before its entry runs: a page load meanwhile must not bring another release into this document.
    inDocument.set(remote, location.manifest);
    federation()
      .then((loaded) => {
        register(loaded, remote, location.manifest);
        return loaded.preloadRemote([{ nameOrAlias: remote, exposes: [exposed], resourceCategory: 'sync' }]);
      })
      .catch(() => {
        // A failed prefetch is harmless: navigation will load (and report) it again.
      });
  });
}

/** Any module a remote exposes, from its current release (the diagnostics probes). */
export async function loadExposedModule<T>(remote: RemoteName, exposed: string): Promise<T | null> {
  const location = locations[remote];
  if (!location) return null;
  const loaded = await federation();
  register(loaded, remote, location.manifest);
  return loaded.loadRemote<T>(`${remote}/${exposed.replace(/^\.\//, '')}`);
}
