import type { RemoteName } from './api/remote-registry';

export interface RemoteRoute {
  remote: RemoteName;
  exposed: string;
}
