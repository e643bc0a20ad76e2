// Generated at build time (tools/federation/host-contract.mjs): what the host provides and loads; the same
// object the build publishes as /federation-host.json.
declare module '@agency/federation/host-contract' {
  import type { HostContract } from '@agency/federation/remote-contract';

  export const hostContract: HostContract;
}
