/**
 * `make` run by the first call and its promise shared by every later one. A failure is forgotten,
 * so the call after it runs `make` again: an issuer that was down, or a provider that could not
 * start, may well answer a moment later.
 */
export function madeOnce<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => {
    if (!made) {
      const attempt = make();
      made = attempt;
      attempt.catch(() => {
        if (made === attempt) made = null;
      });
    }
    return made;
  };
}
