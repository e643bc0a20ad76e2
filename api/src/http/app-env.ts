import type { Logger } from 'pino';
import type { Role } from '@agency/domain';

/** The signed-in caller, from a verified access token and the role stored in the database. */
export interface Caller {
  id: string;
  email: string;
  fullName: string | null;
  role: Role;
  /**
   * For an admin: whether this session may use admin routes as far as two-factor sign-in goes ('ok'), must
   * first enter its code ('code-needed'), or must first set it up ('setup-needed', production after the grace
   * period). Absent: not checked (tests, clients).
   */
  secondFactor?: SecondFactorState;
}

export type SecondFactorState = 'ok' | 'code-needed' | 'setup-needed';

export interface AppEnv {
  Variables: {
    caller: Caller | undefined;
    requestId: string;
    log: Logger;
  };
}
