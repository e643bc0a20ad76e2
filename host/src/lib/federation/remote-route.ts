import type { RemoteName } from './api/remote-registry';

export interface RemoteRoute {
  remote: RemoteName;
  exposed: string;
  /** Content that never changes after the server rendered it: hydrated on the visitor's first input (RemotePage). */
  hydrate?: 'on-first-input';
}
