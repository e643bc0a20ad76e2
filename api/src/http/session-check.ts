import type { Logger } from 'pino';

/**
 * What the auth service says of the session a token belongs to: ended (signed out, or ended by a password
 * reset or change elsewhere), alive (with whether its user has a verified second factor), or unknown (the auth
 * service could not be asked).
 */
export type SessionState =
  | { status: 'ended' }
  | { status: 'alive'; verifiedFactor: boolean; userCreatedAt: string | null }
  | { status: 'unknown' };

export interface SessionCheck {
  check(token: string): Promise<SessionState>;
  /** Forgets what is known of a user's sessions (after the API itself changed their factors). */
  forgetUser(userId: string): void;
}

export interface SessionCheckOptions {
  /** The Supabase project URL; the check is GoTrue's `GET /auth/v1/user` with the user's own token. */
  supabaseUrl: string;
  /** Sent as `apikey` (hosted Supabase's gateway wants the anon or service key). */
  apiKey?: string | undefined;
  /** How long an answer stays good: a session ended elsewhere is refused at most this long after. */
  freshForMs: number;
  timeoutMs?: number;
  logger: Logger;
  fetch?: typeof fetch;
  now?: () => number;
}

interface Known {
  at: number;
  userId: string | null;
  answer: Promise<SessionState>;
}

const MAX_REMEMBERED = 10_000;

/**
 * An access token stays valid until it expires (an hour), even after its session ended: GoTrue ends sessions
 * but cannot take back a signed token. The API therefore asks the auth service whether the session still
 * exists (`GET /user` answers 403 session_not_found once it does not), once per token per `freshForMs`; calls
 * arriving meanwhile share the answer. The same answer carries the user's factors (two-factor sign-in).
 */
export function createSessionCheck(options: SessionCheckOptions): SessionCheck {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const known = new Map<string, Known>();
  const url = `${options.supabaseUrl.replace(/\/+$/, '')}/auth/v1/user`;

  async function ask(token: string, entry: Known): Promise<SessionState> {
    try {
      const response = await fetchImpl(url, {
        headers: {
          authorization: `Bearer ${token}`,
          ...(options.apiKey ? { apikey: options.apiKey } : {}),
        },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        return { status: 'ended' };
      }
      if (!response.ok) throw new Error(`auth service answered ${response.status}`);
      const user = (await response.json()) as {
        id?: unknown;
        created_at?: unknown;
        factors?: { status?: unknown }[] | null;
      };
      entry.userId = typeof user.id === 'string' ? user.id : null;
      return {
        status: 'alive',
        verifiedFactor: (user.factors ?? []).some((factor) => factor.status === 'verified'),
        userCreatedAt: typeof user.created_at === 'string' ? user.created_at : null,
      };
    } catch (error) {
      options.logger.warn({ err: error }, 'could not ask the auth service about a session');
      // Not remembered: the next call asks again.
      known.delete(token);
      return { status: 'unknown' };
    }
  }

  return {
    check(token) {
      const at = now();
      const entry = known.get(token);
      if (entry && at - entry.at < options.freshForMs) return entry.answer;
      if (known.size >= MAX_REMEMBERED) known.clear();
      const fresh: Known = { at, userId: null, answer: Promise.resolve({ status: 'unknown' }) };
      fresh.answer = ask(token, fresh);
      known.set(token, fresh);
      return fresh.answer;
    },
    forgetUser(userId) {
      for (const [token, entry] of known) if (entry.userId === userId) known.delete(token);
    },
  };
}
