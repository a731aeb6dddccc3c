/**
 * Replica-to-replica calls carry `x-dockhand-hop: <ms>.<hex>`, an HMAC-SHA256 under the shared
 * `replica_hop_key` (server_secrets) of the time, the path and the exact body. Only a replica of
 * this database can sign one, and a captured call is refused after `HOP_SIGNATURE_MAX_AGE_MS`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const HOP_HEADER = 'x-dockhand-hop';
export const HOP_SECRET_NAME = 'replica_hop_key';
const HOP_SIGNATURE_MAX_AGE_MS = 60_000;

function mac(secret: string, time: string, path: string, body: string): string {
  return createHmac('sha256', secret).update(`${time}.${path}.${body}`).digest('hex');
}

export function signHop(secret: string, path: string, body: string, now = Date.now()): string {
  return `${now}.${mac(secret, String(now), path, body)}`;
}

export function hopSignatureValid(
  secret: string,
  header: unknown,
  path: string,
  body: string,
  now = Date.now(),
): boolean {
  if (typeof header !== 'string') return false;
  const [time, given] = header.split('.');
  if (!time || !given || !/^\d{1,16}$/.test(time)) return false;
  if (Math.abs(now - Number(time)) > HOP_SIGNATURE_MAX_AGE_MS) return false;
  const expected = Buffer.from(mac(secret, time, path, body), 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
