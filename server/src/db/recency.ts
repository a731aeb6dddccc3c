/**
 * Least-recently-used eviction for the in-memory caches (sessions, hot reads) without moving an
 * entry on every hit: a hit only marks its entry `used`. Entries stay in insertion order; to make
 * room, the oldest unmarked entry goes, and each marked one met on the way loses its mark and
 * moves to the back (the "second chance" of a CLOCK cache). So a hit costs a field write instead
 * of a Map delete and insert, and what goes is still one not used since the last pass.
 */
export interface Usable {
  used: boolean;
}

/** Removes and returns the entry to evict; undefined when `entries` is empty. */
export function evictLeastRecent<Key, Entry extends Usable>(entries: Map<Key, Entry>): Entry | undefined {
  for (const [key, entry] of entries) {
    entries.delete(key);
    if (!entry.used) return entry;
    entry.used = false;
    entries.set(key, entry); // a Map's iteration reaches entries added during it: at most one pass more
  }
  return undefined;
}
