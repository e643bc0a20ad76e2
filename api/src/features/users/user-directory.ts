import { normaliseRole, type Role } from '@agency/domain';
import type { Database, Queryable } from '../../db/database';
import type { AccessTokenClaims } from '../../http/access-token';
import type { Caller } from '../../http/app-env';

/** Told the id of a user whose role or profile changed; no id: changes may have been missed. */
export type CallerChangeListener = (userId: string | undefined) => void;

/**
 * Profiles and roles. In production Supabase creates profiles with a trigger on its own database; here the
 * first authenticated call does it from the token's claims.
 */
export function createUserDirectory(db: Database) {
  const knownProfiles = new Set<string>();
  /**
   * Role and name by user, on PostgreSQL: kept until the database announces a change (migration 108's NOTIFY on
   * 'callers', heard by every API process), so a request needs no query to know who calls. Only while listening:
   * a process that cannot hear changes asks every time.
   */
  const callers = new Map<string, { role: string; full_name: string | null }>();
  const MAX_CALLERS = 50_000;
  let listening = false;
  let stopListening: (() => Promise<void>) | undefined;
  /**
   * Counts the changes heard. A row read before a change committed, whose NOTIFY arrived while the read was
   * under way, is not remembered: it would keep the old role in this process until the next change.
   */
  let changesHeard = 0;
  const changeListeners = new Set<CallerChangeListener>();
  const forget = (userId?: string) => {
    changesHeard += 1;
    if (userId === undefined) callers.clear();
    else callers.delete(userId);
    for (const listener of changeListeners) listener(userId);
  };
  const keepsRoles = () => listening && db.kind === 'postgres';
  const remember = (id: string, row: { role: string; full_name: string | null }) => {
    if (callers.size >= MAX_CALLERS) callers.clear();
    callers.set(id, row);
  };

  async function ensureProfile(claims: AccessTokenClaims): Promise<void> {
    if (knownProfiles.has(claims.sub)) return;
    await db.transaction(async (tx) => {
      const inserted = await tx.query(
        `insert into profiles (id, email, full_name) values ($1, $2, $3)
         on conflict (id) do nothing returning id`,
        [claims.sub, claims.email, claims.fullName],
      );
      // Consultations booked before signing up (same, confirmed e-mail) become the new client's projects.
      if (inserted.length && claims.email) {
        await tx.query(
          `update projects set client_id = $1 where client_id is null and lower(client_email) = lower($2)`,
          [claims.sub, claims.email],
        );
      }
    });
    knownProfiles.add(claims.sub);
  }

  return {
    /**
     * Starts hearing role and profile changes. Roles are kept in memory only on PostgreSQL (the embedded database
     * caches by data version); the changes are heard on both, for onCallerChange.
     */
    async start(): Promise<void> {
      if (listening) return;
      stopListening = await db.listen(
        'callers',
        (userId) => forget(userId),
        () => forget(),
      );
      listening = true;
    },
    /**
     * Calls `listener` with the id of each user whose role or profile changed, and with no id when changes may
     * have been missed (any user's). Heard only after start(). Returns the function that stops it.
     */
    onCallerChange(listener: CallerChangeListener): () => void {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    async stop(): Promise<void> {
      listening = false;
      callers.clear();
      await stopListening?.();
    },

    async resolveCaller(claims: AccessTokenClaims): Promise<Caller> {
      await ensureProfile(claims);
      let row = callers.get(claims.sub);
      if (!row) {
        const read = await db.readThrough(`caller:${claims.sub}`, async () => {
          const changesBefore = changesHeard;
          const [found] = await db.query<{ role: string; full_name: string | null }>(
            `select r.role, p.full_name from profiles p left join user_roles r on r.user_id = p.id where p.id = $1`,
            [claims.sub],
          );
          return { found, changesBefore };
        });
        row = read.found;
        if (row && keepsRoles() && read.changesBefore === changesHeard) remember(claims.sub, row);
      }
      return {
        id: claims.sub,
        email: claims.email,
        fullName: row?.full_name ?? claims.fullName,
        role: normaliseRole(row?.role),
      };
    },

    async setRole(q: Queryable, user: { id: string; email: string; fullName: string | null }, role: Role) {
      await q.query(
        `insert into profiles (id, email, full_name) values ($1, $2, $3) on conflict (id) do nothing`,
        [user.id, user.email, user.fullName],
      );
      await q.query(
        `insert into user_roles (user_id, role) values ($1, $2)
         on conflict (user_id) do update set role = excluded.role`,
        [user.id, role],
      );
    },

    async findProfileIdByEmail(q: Queryable, email: string): Promise<string | null> {
      const [row] = await q.query<{ id: string }>(
        `select id from profiles where lower(email) = lower($1) limit 1`,
        [email],
      );
      return row?.id ?? null;
    },
  };
}

export type UserDirectory = ReturnType<typeof createUserDirectory>;
