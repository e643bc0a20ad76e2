// web-server/src/remote-contract.mjs, the one rule for whether a remote release fits this host.
declare module '@agency/federation/remote-contract' {
  export interface HostContract {
    /** Shared module name -> the version the host provides. */
    shared: Record<string, string>;
    /** Remote -> exposed module -> where the host uses it. */
    loads: Record<string, Record<string, string>>;
  }

  /** The host's route data (host/src/app/remote-routes.json). */
  export interface RemoteRouteData {
    routes: { path: string; remote: string; exposed: string }[];
    dashboard: Record<string, { remote: string; exposed: string }>;
    diagnostics: { remotes: string[]; exposed: string };
  }

  export interface RemoteManifest {
    exposes: { path?: string; name: string }[];
    shared: { name: string; requiredVersion?: string | false }[];
  }

  export interface ContractProblem {
    kind: 'not-exposed' | 'not-provided' | 'out-of-range';
    remote: string;
    /** The exposed or shared module at fault. */
    module: string;
    required?: string;
    provided?: string;
  }

  export function modulesLoadedByHost(routeData: RemoteRouteData): HostContract['loads'];

  export function contractProblems(
    remote: string,
    manifest: RemoteManifest,
    host: HostContract,
  ): ContractProblem[];
}
