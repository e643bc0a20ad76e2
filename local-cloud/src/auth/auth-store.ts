import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredUser {
  id: string;
  email: string;
  passwordHash: string;
  emailConfirmedAt: string | null;
  confirmationSentAt: string | null;
  recoverySentAt: string | null;
  lastSignInAt: string | null;
  userMetadata: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  /** Second factors (TOTP); absent in data written before two-factor sign-in. */
  factors?: StoredFactor[];
}

export interface StoredFactor {
  id: string;
  friendlyName: string;
  factorType: 'totp' | 'recovery_code';
  status: 'unverified' | 'verified';
  /** TOTP: the shared secret (base32). */
  secret?: string;
  /** Recovery codes: SHA-256 of each code, and when it was used. */
  codes?: { hash: string; usedAt: string | null }[];
  /** Recovery codes: wrong codes in a row, and until when verifying is locked after too many. */
  failedAttempts?: number;
  lockedUntil?: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface StoredChallenge {
  id: string;
  factorId: string;
  createdAt: string;
}

/** An authentication method of a session and when it happened (the JWT's `amr`). */
export interface AuthMethod {
  method: string;
  timestamp: number;
}

export interface StoredSession {
  id: string;
  userId: string;
  createdAt: string;
  /** aal2 once a second factor was verified in this session; absent (aal1) in older data. */
  aal?: 'aal1' | 'aal2';
  amr?: AuthMethod[];
}

export interface StoredRefreshToken {
  token: string;
  sessionId: string;
  used: boolean;
  createdAt: string;
}

export type OneTimeTokenType = 'signup' | 'recovery';

export interface StoredOneTimeToken {
  token: string;
  userId: string;
  type: OneTimeTokenType;
  expiresAt: string;
}

interface AuthData {
  users: StoredUser[];
  sessions: StoredSession[];
  refreshTokens: StoredRefreshToken[];
  oneTimeTokens: StoredOneTimeToken[];
  challenges?: StoredChallenge[];
}

/**
 * The offline auth service's data: kept in memory, written to one JSON file after every change (atomic
 * rename), so users and sessions survive restarts. Small by design: it stands in for hosted auth locally.
 */
export class AuthStore {
  private data: AuthData = { users: [], sessions: [], refreshTokens: [], oneTimeTokens: [] };
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly file: string | undefined) {
    if (file && existsSync(file)) this.data = JSON.parse(readFileSync(file, 'utf8')) as AuthData;
    if (file) mkdirSync(path.dirname(file), { recursive: true });
  }

  get users(): readonly StoredUser[] {
    return this.data.users;
  }

  findUserByEmail(email: string): StoredUser | undefined {
    const wanted = email.trim().toLowerCase();
    return this.data.users.find((u) => u.email === wanted);
  }

  findUser(id: string): StoredUser | undefined {
    return this.data.users.find((u) => u.id === id);
  }

  addUser(user: StoredUser): void {
    this.data.users.push(user);
  }

  findSession(id: string): StoredSession | undefined {
    return this.data.sessions.find((s) => s.id === id);
  }

  addSession(session: StoredSession): void {
    this.data.sessions.push(session);
  }

  /** Ends sessions and everything issued for them. */
  removeSessions(predicate: (s: StoredSession) => boolean): void {
    const ended = new Set(this.data.sessions.filter(predicate).map((s) => s.id));
    this.data.sessions = this.data.sessions.filter((s) => !ended.has(s.id));
    this.data.refreshTokens = this.data.refreshTokens.filter((t) => !ended.has(t.sessionId));
  }

  addChallenge(challenge: StoredChallenge): void {
    // Challenges older than a day are of no use to anyone.
    const dayAgo = Date.now() - 24 * 60 * 60_000;
    this.data.challenges = (this.data.challenges ?? []).filter((c) => Date.parse(c.createdAt) > dayAgo);
    this.data.challenges.push(challenge);
  }

  findChallenge(id: string): StoredChallenge | undefined {
    return this.data.challenges?.find((c) => c.id === id);
  }

  removeChallenges(predicate: (c: StoredChallenge) => boolean): void {
    this.data.challenges = (this.data.challenges ?? []).filter((c) => !predicate(c));
  }

  findRefreshToken(token: string): StoredRefreshToken | undefined {
    return this.data.refreshTokens.find((t) => t.token === token);
  }

  addRefreshToken(token: StoredRefreshToken): void {
    this.data.refreshTokens.push(token);
  }

  addOneTimeToken(token: StoredOneTimeToken): void {
    // One live link per user and purpose: a new mail invalidates the previous link.
    this.data.oneTimeTokens = this.data.oneTimeTokens.filter(
      (t) => !(t.userId === token.userId && t.type === token.type),
    );
    this.data.oneTimeTokens.push(token);
  }

  /** Returns the token and deletes it: links work once. */
  takeOneTimeToken(token: string, type: OneTimeTokenType): StoredOneTimeToken | undefined {
    const found = this.data.oneTimeTokens.find((t) => t.token === token && t.type === type);
    if (!found) return undefined;
    this.data.oneTimeTokens = this.data.oneTimeTokens.filter((t) => t !== found);
    return Date.parse(found.expiresAt) > Date.now() ? found : undefined;
  }

  /** Persists the current state; writes are serialised. */
  save(): Promise<void> {
    if (!this.file) return Promise.resolve();
    const file = this.file;
    const snapshot = JSON.stringify(this.data);
    this.writing = this.writing.then(async () => {
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, snapshot);
      await rename(temp, file);
    });
    return this.writing;
  }
}
