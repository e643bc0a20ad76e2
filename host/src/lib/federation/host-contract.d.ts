// Generated at build time (tools/federation/host-contract.mjs): what the host loads from each remote, as in
// the /federation-host.json its build publishes (without the routes that use each module).
declare module '@agency/federation/host-contract' {
  import type { HostContract } from '@agency/federation/remote-contract';

  export const hostLoads: HostContract['loads'];
}
