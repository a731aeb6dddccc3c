/**
 * Storage for the dev identity provider, in the database so that every replica sees the same
 * sign-ins (an authorization code made on one is redeemed on another). Its artefacts only need to
 * outlive one sign-in: expired rows are dropped as new ones are written.
 */
import type { Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database>;

export function createDatabaseAdapterFactory(db: Db): (model: string) => Adapter {
  const live = async (key: string): Promise<AdapterPayload | undefined> => {
    const row = await db
      .selectFrom('dev_idp_artefacts')
      .select('payload')
      .where('id', '=', key)
      .where('expires_at', '>', Date.now())
      .executeTakeFirst();
    return row ? (JSON.parse(row.payload) as AdapterPayload) : undefined;
  };
  return (model) => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const now = Date.now();
        const row = {
          id: key(id),
          uid: payload.uid ? `${model}:${payload.uid}` : null,
          grant_id: payload.grantId ?? null,
          payload: JSON.stringify(payload),
          expires_at: now + expiresIn * 1000,
        };
        await db.deleteFrom('dev_idp_artefacts').where('expires_at', '<=', now).execute();
        await db
          .insertInto('dev_idp_artefacts')
          .values(row)
          .onConflict((conflict) =>
            conflict.column('id').doUpdateSet({
              uid: row.uid,
              grant_id: row.grant_id,
              payload: row.payload,
              expires_at: row.expires_at,
            }),
          )
          .execute();
      },
      find: (id) => live(key(id)),
      async findByUid(uid) {
        const row = await db
          .selectFrom('dev_idp_artefacts')
          .select('payload')
          .where('uid', '=', `${model}:${uid}`)
          .where('expires_at', '>', Date.now())
          .executeTakeFirst();
        return row ? (JSON.parse(row.payload) as AdapterPayload) : undefined;
      },
      async findByUserCode() {
        return undefined;
      },
      async consume(id) {
        const payload = await live(key(id));
        if (!payload) return;
        payload.consumed = Math.floor(Date.now() / 1000);
        await db
          .updateTable('dev_idp_artefacts')
          .set({ payload: JSON.stringify(payload) })
          .where('id', '=', key(id))
          .execute();
      },
      async destroy(id) {
        await db.deleteFrom('dev_idp_artefacts').where('id', '=', key(id)).execute();
      },
      async revokeByGrantId(grantId) {
        await db.deleteFrom('dev_idp_artefacts').where('grant_id', '=', grantId).execute();
      },
    };
  };
}
