import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Hono, MiddlewareHandler } from 'hono';
import type { StoredUser } from './auth-store';
import { publicUser } from './auth-tokens';
import { AuthError } from './auth-errors';
import { isRecord, type AuthContext } from './auth-context';
import { factorsOf, requireFactor } from './mfa-routes';

/** GoTrue's admin API, for the service role key only: create, list and read users, remove a user's factor. */
export function registerAdminRoutes(v1: Hono, ctx: AuthContext): void {
  const { options, store, rounds, readJson, requireCredentials, requireValidEmail, checkPasswordStrength } =
    ctx;
  const { signer } = options;

  const requireServiceRole: MiddlewareHandler = async (c, next) => {
    const token = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!token || !(await signer.isServiceRoleKey(token)))
      throw new AuthError(403, 'not_admin', 'User not allowed');
    await next();
  };

  v1.post('/admin/users', requireServiceRole, async (c) => {
    const body = await readJson(c);
    const { email, password } = requireCredentials(body);
    requireValidEmail(email);
    checkPasswordStrength(password);
    if (store.findUserByEmail(email)) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    const now = new Date().toISOString();
    const user: StoredUser = {
      id: randomUUID(),
      email,
      passwordHash: await bcrypt.hash(password, rounds),
      emailConfirmedAt: body.email_confirm === true ? now : null,
      confirmationSentAt: null,
      recoverySentAt: null,
      lastSignInAt: null,
      userMetadata: isRecord(body.user_metadata) ? body.user_metadata : {},
      createdAt: now,
      updatedAt: now,
    };
    store.addUser(user);
    await store.save();
    return c.json(publicUser(user));
  });

  v1.get('/admin/users', requireServiceRole, (c) => {
    const page = Math.max(1, Number(c.req.query('page') ?? 1) || 1);
    const perPage = Math.min(1000, Math.max(1, Number(c.req.query('per_page') ?? 50) || 50));
    const users = store.users.slice((page - 1) * perPage, page * perPage).map(publicUser);
    return c.json({ aud: 'authenticated', users, total: store.users.length });
  });

  v1.get('/admin/users/:id', requireServiceRole, (c) => {
    const user = store.findUser(c.req.param('id'));
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    return c.json(publicUser(user));
  });

  // GoTrue's admin API: removes a user's factor (an admin resetting someone's lost authenticator).
  v1.delete('/admin/users/:id/factors/:factorId', requireServiceRole, async (c) => {
    const user = store.findUser(c.req.param('id'));
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    const factor = requireFactor(user, c.req.param('factorId'));
    user.factors = factorsOf(user).filter((f) => f !== factor);
    await store.save();
    return c.json({ id: factor.id });
  });
}
