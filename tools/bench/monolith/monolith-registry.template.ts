// Generated into .generated/ by the monolith build: the host's remote registry with direct imports.
import type { ComponentType } from 'react';

export type RemoteName = 'marketing' | 'checkout' | 'client_portal' | 'admin_portal';

const PAGES: Record<string, () => Promise<{ default: ComponentType }>> = {/* PAGES */};

export function startFederationOnDemand(): void {}
export function registerRemoteLocations(): void {}
export function refreshOnNavigation(): undefined {
  return undefined;
}
export function currentRelease(): string {
  return 'monolith';
}
export function resetRemote(): void {}
export class RemoteUnavailableError extends Error {
  readonly incompatible: undefined;
}

export function loadRemotePage(remote: RemoteName, exposed: string): Promise<{ default: ComponentType }> {
  const load = PAGES[`${remote}/${exposed}`];
  if (!load) return Promise.reject(new RemoteUnavailableError(`${remote}/${exposed}`));
  return load();
}

export function prefetchRemote(): void {}
/** Health reports are the federated host's (remote-health.ts); the yardstick reports nothing. */
export function reportRemoteLoad(): void {}

/** No federation runtime: the diagnostics page reports every remote as unavailable. */
export async function loadExposedModule(): Promise<null> {
  return null;
}
