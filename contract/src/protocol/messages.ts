/**
 * Messages between the agent and the server hub over the WebSocket at `/agent/connect`. Every
 * message is one JSON text frame; each side decodes what it receives with `decodeAgentMessage` /
 * `decodeServerMessage`, so both check the same schemas.
 *
 * Connection: agent → hello {certificate, agent_version}; server → challenge {nonce}; agent →
 * proof {signature = ECDSA-P256-SHA256(nonce) base64, IEEE P1363}. Then the server answers
 * `welcome` (a registered agent) or `pairing` {code, expires_at} (a new one; `welcome` follows on
 * the same connection once a user claims the code). A revoked (deleted) agent is closed with
 * close code 4003. After `welcome`, the agent sends `report`, `docker-status`, `inventory`,
 * `app-status` and (while a deploy runs) `deploy-progress` events and serves `request`s with exactly one `response` each.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { Check } from '@sinclair/typebox/value';
import { DeployProgress } from './deploy-progress.js';
import { InventoryEntry } from './inventory.js';
import { AppStatusEntry, firstError } from './methods.js';
import { Type } from './type.js';

export const PROTOCOL_VERSION = 1;
export const CloseCode = { PairingExpired: 4001, AuthFailed: 4002, Revoked: 4003, Replaced: 4004 } as const;

export const NamedValue = Type.Object({ name: Type.String(), value: Type.String() });
export type NamedValue = Static<typeof NamedValue>;
export const Feature = Type.Object({ name: Type.String(), is_enabled: Type.Boolean() });
export type Feature = Static<typeof Feature>;

const agentMessages = {
  hello: Type.Object({
    type: Type.Literal('hello'),
    certificate: Type.String(),
    agent_version: Type.String(),
    protocol: Type.Number(),
  }),
  proof: Type.Object({ type: Type.Literal('proof'), signature: Type.String() }),
  report: Type.Object({
    type: Type.Literal('report'),
    capabilities: Type.Array(NamedValue),
    features: Type.Array(Feature),
  }),
  'app-status': Type.Object({ type: Type.Literal('app-status'), apps: Type.Array(AppStatusEntry) }),
  /**
   * Whether the Docker engine answers the agent (events stream and a ping every 2 s): sent after
   * `welcome` and on every change. While it does not, the server shows the agent's apps as Unknown.
   */
  'docker-status': Type.Object({ type: Type.Literal('docker-status'), is_responding: Type.Boolean() }),
  /** Every app the agent holds: sent after `welcome` and after every change (see inventory.ts). */
  inventory: Type.Object({ type: Type.Literal('inventory'), apps: Type.Array(InventoryEntry) }),
  /** A running deploy's latest state (deploy-progress.ts): sent only while its operation is in flight. */
  'deploy-progress': Type.Object({
    type: Type.Literal('deploy-progress'),
    operation_id: Type.String({ minLength: 1, maxLength: 140 }),
    app_id: Type.String(),
    progress: DeployProgress,
  }),
  response: Type.Union([
    Type.Object({
      type: Type.Literal('response'),
      id: Type.String(),
      ok: Type.Literal(true),
      result: Type.Unknown(),
    }),
    Type.Object({
      type: Type.Literal('response'),
      id: Type.String(),
      ok: Type.Literal(false),
      /** `output`: what compose printed before a deploy, start or delete failed (see DEPLOY_OUTPUT_MAX_CHARS). */
      error: Type.Object({
        code: Type.String(),
        message: Type.String(),
        output: Type.Optional(Type.String()),
      }),
    }),
  ]),
};
export const AgentToServer = Type.Union(Object.values(agentMessages));
export type AgentToServer = Static<(typeof agentMessages)[keyof typeof agentMessages]>;

const serverMessages = {
  challenge: Type.Object({ type: Type.Literal('challenge'), nonce: Type.String() }),
  pairing: Type.Object({ type: Type.Literal('pairing'), code: Type.String(), expires_at: Type.Number() }),
  welcome: Type.Object({ type: Type.Literal('welcome'), agent_id: Type.String() }),
  /** `method` is any string: an agent answers a method it does not know with an error. */
  request: Type.Object({
    type: Type.Literal('request'),
    id: Type.String(),
    method: Type.String(),
    params: Type.Unknown(),
  }),
};
export const ServerToAgent = Type.Union(Object.values(serverMessages));
export type ServerToAgent = Static<(typeof serverMessages)[keyof typeof serverMessages]>;

/**
 * A received frame: a known message that fits its schema; `unknown` for a type this side does not
 * know (the other side may be newer: ignore it); `invalid` for anything else (a protocol error).
 */
export type Decoded<T> =
  { kind: 'message'; message: T } | { kind: 'unknown'; type: string } | { kind: 'invalid'; reason: string };

function decoder<T>(schemas: Record<string, TSchema>): (frame: string) => Decoded<T> {
  return (frame) => {
    let value: unknown;
    try {
      value = JSON.parse(frame);
    } catch {
      return { kind: 'invalid', reason: 'not JSON' };
    }
    const type = (value as { type?: unknown } | null)?.type;
    if (typeof type !== 'string') return { kind: 'invalid', reason: 'no message type' };
    if (!Object.hasOwn(schemas, type)) return { kind: 'unknown', type };
    const schema = schemas[type] as TSchema;
    if (Check(schema, value)) return { kind: 'message', message: value as T };
    return { kind: 'invalid', reason: `${type}: ${firstError(schema, value)}` };
  };
}

export const decodeAgentMessage = decoder<AgentToServer>(agentMessages);
export const decodeServerMessage = decoder<ServerToAgent>(serverMessages);
