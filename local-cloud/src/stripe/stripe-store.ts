import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every stored Stripe object: its wire shape, as the API returns it. */
export interface StripeObject {
  id: string;
  object: string;
  created: number;
  livemode: false;
  [field: string]: unknown;
}

/**
 * What a stored test card does when charged. `requiresAuthentication`: the card needs 3D Secure, so a charge
 * confirmed on session waits for the customer (requires_action) and one made off session (a renewal) is declined.
 */
export type CardOutcome =
  | { kind: 'succeeds' }
  | { kind: 'declined'; declineCode: string; message: string; requiresAuthentication?: true };

export interface StoredResponse {
  fingerprint: string;
  status: number;
  body: unknown;
}

export interface StripeState {
  objects: Record<string, StripeObject>;
  /** Outcome per payment method or token id; kept off the wire objects. */
  cardOutcomes: Record<string, CardOutcome>;
  idempotentResponses: Record<string, StoredResponse>;
}

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  return `${prefix}_${id}`;
}

export const unixNow = (): number => Math.floor(Date.now() / 1000);

/** In-memory state, optionally mirrored to `<dataDir>/state.json` so a restart keeps customers and payments. */
export function createStripeStore(dataDir?: string) {
  const file = dataDir ? join(dataDir, 'state.json') : undefined;
  let state: StripeState = { objects: {}, cardOutcomes: {}, idempotentResponses: {} };
  if (file) {
    try {
      state = JSON.parse(readFileSync(file, 'utf8')) as StripeState;
    } catch {
      // no saved state yet
    }
  }
  let saveTimer: NodeJS.Timeout | undefined;

  function saveNow(): void {
    if (!file || !dataDir) return;
    clearTimeout(saveTimer);
    saveTimer = undefined;
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify(state));
    renameSync(`${file}.tmp`, file);
  }

  return {
    state,
    get<T extends StripeObject = StripeObject>(id: string, object: string): T | undefined {
      const found = state.objects[id];
      return found && found.object === object ? (found as T) : undefined;
    },
    put<T extends StripeObject>(value: T): T {
      state.objects[value.id] = value;
      return value;
    },
    list<T extends StripeObject = StripeObject>(object: string): T[] {
      return Object.values(state.objects).filter((value): value is T => value.object === object);
    },
    /** Called after every mutation; batches writes. */
    changed(): void {
      if (file && !saveTimer) saveTimer = setTimeout(saveNow, 50).unref();
    },
    saveNow,
  };
}

export type StripeStore = ReturnType<typeof createStripeStore>;
