import type * as ReactNamespace from 'react';
import type { useAuthStore } from '@agency/auth';
import type { useInRouterContext, useLocation } from '@agency/router';
import type { getSystem, useChakraContext } from '@agency/ui';
import { loadExposedModule, type RemoteName } from '../../../lib/federation/api/remote-registry';

/** What each remote's ./instance-probe exports: the shared things exactly as that remote imported them. */
export interface RemoteInstances {
  React: typeof ReactNamespace;
  useAuthStore: typeof useAuthStore;
  system: ReturnType<typeof getSystem>;
  useChakraContext: typeof useChakraContext;
  useInRouterContext: typeof useInRouterContext;
  useLocation: typeof useLocation;
}

export type ProbeResult = { ok: true; instances: RemoteInstances } | { ok: false };

export async function loadRemoteInstances(remote: RemoteName, exposed: string): Promise<ProbeResult> {
  try {
    const module = await loadExposedModule<{ instances: RemoteInstances }>(remote, exposed);
    return module ? { ok: true, instances: module.instances } : { ok: false };
  } catch {
    return { ok: false };
  }
}
