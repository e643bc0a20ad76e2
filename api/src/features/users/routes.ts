import type { Hono } from 'hono';
import type { FeatureDeps } from '../../feature-deps';
import type { AppEnv } from '../../http/app-env';
import { defineRoute } from '../../http/define-route';

export function registerUserRoutes(app: Hono<AppEnv>, _deps: FeatureDeps): void {
  defineRoute(app, 'me', async ({ caller }) => ({
    profile: { id: caller.id, full_name: caller.fullName, email: caller.email },
    role: caller.role,
  }));

  defineRoute(app, 'currentUserRole', async ({ caller }) => ({ role: caller.role }));
}
