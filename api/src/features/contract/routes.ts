import type { Hono } from 'hono';
import { requestContract } from '@agency/domain/request-contract';
import type { AppEnv } from '../../http/app-env';
import { defineRoute } from '../../http/define-route';

/**
 * GET /api/contract: the fields each route of this API accepts, from the same table its routes read requests
 * with. `npm run release` checks a remote against it before switching to the remote (a release that sends a
 * field this API would refuse is refused), so a remote's team never ships ahead of the API it calls.
 */
export function registerContractRoutes(app: Hono<AppEnv>): void {
  const answer = Object.freeze({ requests: requestContract() });
  defineRoute(app, 'requestContract', async () => answer);
}
