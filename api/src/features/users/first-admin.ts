import { SignJWT } from 'jose';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import type { UserDirectory } from './user-directory';

export interface FirstAdminOptions {
  supabaseUrl: string;
  /** The service role key; derived from the JWT secret when not given (Supabase's key is exactly that). */
  serviceRoleKey?: string;
  jwtSecret?: string;
  email: string;
  password: string;
  attempts?: number;
  retryDelayMs?: number;
}

interface AuthUser {
  id: string;
  email?: string;
}

/**
 * Makes sure the first admin exists: a confirmed user in the auth service (created through its admin API)
 * whose role in this database is ADMIN. The role is granted once per account: one an admin demoted later stays
 * demoted when the API starts again. Retries while the auth service is still starting.
 */
export async function ensureFirstAdmin(
  db: Database,
  users: UserDirectory,
  log: Logger,
  options: FirstAdminOptions,
): Promise<{ id: string }> {
  const key = options.serviceRoleKey ?? (await serviceRoleKeyFrom(options.jwtSecret));
  const headers = { authorization: `Bearer ${key}`, apikey: key, 'content-type': 'application/json' };
  const base = `${options.supabaseUrl}/auth/v1/admin/users`;
  const attempts = options.attempts ?? 60;
  for (let attempt = 1; ; attempt++) {
    try {
      const created = await fetch(base, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          email: options.email,
          password: options.password,
          email_confirm: true,
          user_metadata: { full_name: 'Admin' },
        }),
      });
      let user: AuthUser | undefined;
      if (created.ok) {
        user = (await created.json()) as AuthUser;
      } else if (created.status === 422 || created.status === 409) {
        user = await findUserByEmail(base, headers, options.email);
      } else {
        throw new Error(`auth admin API answered ${created.status}: ${await created.text()}`);
      }
      if (!user) throw new Error(`admin user ${options.email} exists but could not be listed`);
      await db.transaction(async (tx) => {
        const granted = await tx.query(
          `insert into first_admin_grants (user_id) values ($1) on conflict (user_id) do nothing returning user_id`,
          [user.id],
        );
        if (granted.length)
          await users.setRole(tx, { id: user.id, email: options.email, fullName: 'Admin' }, 'ADMIN');
      });
      return { id: user.id };
    } catch (error) {
      if (attempt >= attempts) throw error;
      log.debug({ err: error, attempt }, 'first admin not created yet, retrying');
      await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 500));
    }
  }
}

async function findUserByEmail(
  base: string,
  headers: Record<string, string>,
  email: string,
): Promise<AuthUser | undefined> {
  for (let page = 1; page <= 50; page++) {
    const res = await fetch(`${base}?page=${page}&per_page=200`, { headers });
    if (!res.ok) throw new Error(`auth admin API answered ${res.status} listing users`);
    const { users } = (await res.json()) as { users: AuthUser[] };
    const found = users.find((u) => u.email?.toLowerCase() === email.toLowerCase());
    if (found || users.length < 200) return found;
  }
  return undefined;
}

async function serviceRoleKeyFrom(jwtSecret: string | undefined): Promise<string> {
  if (!jwtSecret)
    throw new Error('SUPABASE_SERVICE_ROLE_KEY or SUPABASE_JWT_SECRET is needed to create the first admin');
  return new SignJWT({ role: 'service_role' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('supabase')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(jwtSecret));
}
