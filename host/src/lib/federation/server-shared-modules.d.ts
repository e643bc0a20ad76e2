// Generated for the host's server build (tools/federation/create-ssr-config.mjs): every shared module by name,
// the host's own copy, which the remotes' server builds require instead of bundling their own.
declare module '@agency/federation/server-shared-modules' {
  export const sharedModules: Record<string, unknown>;
}
