/** In-memory storage for the dev identity provider (its artefacts only need to outlive one sign-in). */
import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

export function createMemoryAdapterFactory(): (name: string) => Adapter {
  const entries = new Map<string, Entry>();
  const live = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  return (name) => {
    const key = (id: string) => `${name}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        entries.set(key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
        if (payload.uid)
          entries.set(`${name}:uid:${payload.uid}`, {
            payload: { jti: id },
            expiresAt: Date.now() + expiresIn * 1000,
          });
      },
      async find(id) {
        return live(key(id));
      },
      async findByUid(uid) {
        const pointer = live(`${name}:uid:${uid}`);
        return pointer?.jti ? live(key(pointer.jti)) : undefined;
      },
      async findByUserCode() {
        return undefined;
      },
      async consume(id) {
        const payload = live(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        entries.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const [entryKey, entry] of entries)
          if (entry.payload.grantId === grantId) entries.delete(entryKey);
      },
    };
  };
}
