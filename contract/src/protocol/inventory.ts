/**
 * The agent's inventory: which apps it holds, so the server can reconcile its records with what
 * really runs (issue 15). The agent sends an `inventory` message when it connects and after every
 * change; each entry carries a digest of the deployment it holds, computed by the same function
 * on both sides so the server can tell which version of an app the agent has.
 */
import { createHash } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import { Type } from './type.js';
import type { AppDeployment } from './methods.js';

export const InventoryEntry = Type.Object({
  app_id: Type.String(),
  /** The compose project name on the engine (the agent's prefix included). */
  project: Type.String(),
  /** `deploymentDigest` of the deployment the agent holds. */
  digest: Type.String(),
});
export type InventoryEntry = Static<typeof InventoryEntry>;

/**
 * SHA-256 (hex) of a deployment in a fixed field order. Encrypted values are compared as the
 * ciphertext the server sent, so the digest never depends on a secret's plaintext.
 */
export function deploymentDigest(deployment: AppDeployment): string {
  const canonical = {
    app_id: deployment.app_id,
    project: deployment.project,
    files: deployment.files.map((f) => [f.filename, f.content, f.is_encrypted]),
    variables: deployment.variables.map((v) => [v.name, v.value, v.is_encrypted]),
    // Only when set, so the digests of deployments made before exposure existed stay the same.
    ...(deployment.exposure ? { exposure: deployment.exposure } : {}),
    ...(deployment.provides_expose ? { provides_expose: deployment.provides_expose } : {}),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
