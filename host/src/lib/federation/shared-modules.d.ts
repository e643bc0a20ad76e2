// Generated at build time from the share list (tools/federation/host-shared-modules.mjs).
declare module '@agency/federation/shared-modules' {
  import type { UserOptions } from '@module-federation/runtime-core/types';

  export const sharedModules: NonNullable<UserOptions['shared']>;
}
