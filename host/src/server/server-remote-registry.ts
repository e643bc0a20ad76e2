// The remote registry as the server sees it (the SSR build puts this in place of
// lib/federation/api/remote-registry.ts): the same exports, but a remote page comes from the remote release's
// server build, which web-server/src/server-render.mjs loads. Nothing here runs in a browser.
import type { ComponentType } from 'react';
import type { AppConfig } from '@agency/app-config';
import type { IncompatibleReleaseError } from '../runtime-plugin/incompatible-release-error';

export type RemoteName = 'marketing' | 'checkout' | 'client_portal' | 'admin_portal';

/** Finds a remote page's component in the current release's server build; null when it has none. */
export type ServerPageLoader = (remote: RemoteName, exposed: string) => Promise<ComponentType | null>;

let locations: AppConfig['remotes'] = {};
let loader: ServerPageLoader = async () => null;

/** Set before each render: where the remotes' releases are and how to load their pages. */
export function setServerRemotes(remotes: AppConfig['remotes'], pageLoader: ServerPageLoader): void {
  locations = remotes;
  loader = pageLoader;
}

export function startFederationOnDemand(): void {}
export function registerRemoteLocations(): void {}
export function refreshOnNavigation(): undefined {
  return undefined;
}
export function currentRelease(remote: RemoteName): string | undefined {
  return locations[remote]?.manifest;
}
export function resetRemote(): void {}
export function prefetchRemote(): void {}
/** Health reports come from browsers only. */
export function reportRemoteLoad(): void {}
export async function loadExposedModule(): Promise<null> {
  return null;
}

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly exposed: string,
    cause?: unknown,
    readonly incompatible?: IncompatibleReleaseError,
  ) {
    super(`The ${remote} module ${exposed} could not be loaded.`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

/** Thrown for a page the server does not render: the browser renders it (React's client-render fallback). */
export class NotServerRendered extends Error {
  constructor(remote: string, exposed: string) {
    super(`${remote}/${exposed} is rendered in the browser`);
    this.name = 'NotServerRendered';
  }
}

export async function loadRemotePage(
  remote: RemoteName,
  exposed: string,
): Promise<{ default: ComponentType }> {
  const Page = await loader(remote, exposed);
  if (!Page) throw new NotServerRendered(remote, exposed);
  return { default: Page };
}
