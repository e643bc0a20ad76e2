import type { Logger } from 'pino';
import type { Role } from '@agency/domain';

/** The signed-in caller, from a verified access token and the role stored in the database. */
export interface Caller {
  id: string;
  email: string;
  fullName: string | null;
  role: Role;
}

export interface AppEnv {
  Variables: {
    caller: Caller | undefined;
    requestId: string;
    log: Logger;
  };
}
