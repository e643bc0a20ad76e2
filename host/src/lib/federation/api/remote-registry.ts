import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/runtime';
import type { ComponentType } from 'react';
import type { AppConfig } from '@agency/app-config';

/** The remotes the host can load and the modules they expose (see each remote's module-federation.config.mjs). */
export type RemoteName = 'marketing' | 'checkout' | 'client_portal' | 'admin_portal';

const locations = new Map<string, string>();

/** Registers the remotes named by /app-config.json; nothing is fetched until a route needs one. */
export function registerRemoteLocations(remotes: AppConfig['remotes']): void {
  for (const [name, { manifest }] of Object.entries(remotes)) locations.set(name, manifest);
  registerRemotes([...locations].map(([name, entry]) => ({ name, entry })));
}

/** Forgets a failed remote (its manifest, entry script and caches) so the next load fetches it again. */
export function resetRemote(remote: RemoteName): void {
  const entry = locations.get(remote);
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
}

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly exposed: string,
    cause?: unknown,
  ) {
    super(`The ${remote} module ${exposed} could not be loaded.`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

export async function loadRemotePage(remote: RemoteName, exposed: string): Promise<{ default: ComponentType }> {
  if (!locations.has(remote)) throw new RemoteUnavailableError(remote, exposed, 'not configured');
  try {
    // The runtime prefixes './' itself: 'checkout/./purchase-page' would ask for '././purchase-page'.
    const module = await loadRemote<{ default: ComponentType }>(`${remote}/${exposed.replace(/^\.\//, '')}`);
    if (!module?.default) throw new Error('empty module');
    return module;
  } catch (error) {
    throw new RemoteUnavailableError(remote, exposed, error);
  }
}

/** Fetches a remote's entry and the chunks of one exposed module ahead of navigation. Never throws. */
export function prefetchRemote(remote: RemoteName, exposed: string): void {
  if (!locations.has(remote)) return;
  preloadRemote([{ nameOrAlias: remote, exposes: [exposed], resourceCategory: 'sync' }]).catch(() => {
    // A failed prefetch is harmless: navigation will load (and report) it again.
  });
}
