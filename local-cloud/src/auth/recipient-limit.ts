import type { RateLimit } from '@agency/domain';

/**
 * Counts requests per key (a recipient address) in fixed windows, in memory. Counting every request, not
 * only those that send a mail, keeps the answer the same whether or not the address has an account.
 */
export class RecipientLimit {
  private readonly windows = new Map<string, { resetAt: number; count: number }>();

  constructor(
    private readonly rule: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request for `key`; false once the key is over its limit in the current window. */
  take(key: string): boolean {
    const now = this.now();
    if (this.windows.size > 10_000) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { resetAt: now + this.rule.windowMs, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count <= this.rule.limit;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
