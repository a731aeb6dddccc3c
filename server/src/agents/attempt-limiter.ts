/**
 * Counts attempts per key in a fixed window; `hit` counts one and answers false once the key is
 * over its limit; `isOver` asks without counting (for limits that count only some outcomes).
 */
export class AttemptLimiter {
  private readonly attempts = new Map<string, { count: number; windowStart: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  hit(key: string, now = Date.now()): boolean {
    const entry = this.attempts.get(key);
    if (!entry || now - entry.windowStart >= this.windowMs) {
      if (this.attempts.size > 10_000) this.prune(now);
      this.attempts.set(key, { count: 1, windowStart: now });
      return true;
    }
    entry.count += 1;
    return entry.count <= this.limit;
  }

  isOver(key: string, now = Date.now()): boolean {
    const entry = this.attempts.get(key);
    return entry !== undefined && now - entry.windowStart < this.windowMs && entry.count >= this.limit;
  }

  private prune(now: number): void {
    for (const [key, entry] of this.attempts)
      if (now - entry.windowStart >= this.windowMs) this.attempts.delete(key);
  }
}
