/** Full-jitter exponential backoff: random in [0, min(max, base·2^attempt)], at least `floorMs`. */
export function backoffDelay(
  attempt: number,
  baseMs = 1000,
  maxMs = 30_000,
  floorMs = 250,
  random = Math.random,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 16));
  return Math.max(floorMs, Math.floor(random() * ceiling));
}
