// The requests the server sends an agent: per method its params and its result, as schemas the
// agent checks params against and the server types its calls with.
import type { Static, TSchema } from '@sinclair/typebox';
import { Check } from '@sinclair/typebox/value';
import { Errors } from '@sinclair/typebox/errors';
import { Type } from './type.js';

/** One file or variable of a deployment; `value`/`content` is ciphertext when `is_encrypted`. */
export const DeploymentFile = Type.Object({
  filename: Type.String(),
  content: Type.String(),
  is_encrypted: Type.Boolean(),
});
export type DeploymentFile = Static<typeof DeploymentFile>;

export const DeploymentVariable = Type.Object({
  name: Type.String(),
  value: Type.String(),
  is_encrypted: Type.Boolean(),
});
export type DeploymentVariable = Static<typeof DeploymentVariable>;

/**
 * How the app is reached from outside (the `expose` extension): through a proxy app on the same
 * agent by domain, or by publishing the service's port on a host port. The agent wires it beside
 * the user's files (an override file and a proxy route), never inside them.
 */
export const Exposure = Type.Union([
  Type.Object({
    kind: Type.Literal('proxy'),
    proxy_app_id: Type.String(),
    service: Type.String(),
    port: Type.Integer({ minimum: 1, maximum: 65535 }),
    domains: Type.Array(Type.String(), { minItems: 1 }),
  }),
  Type.Object({
    kind: Type.Literal('port'),
    service: Type.String(),
    port: Type.Integer({ minimum: 1, maximum: 65535 }),
    host_port: Type.Integer({ minimum: 1, maximum: 65535 }),
  }),
]);
export type Exposure = Static<typeof Exposure>;

export const AppDeployment = Type.Object({
  app_id: Type.String(),
  /** Compose project name chosen by the server (the agent prepends its configured prefix). */
  project: Type.String(),
  files: Type.Array(DeploymentFile),
  variables: Type.Array(DeploymentVariable),
  /** Absent: the app is not exposed (None). */
  exposure: Type.Optional(Exposure),
  /** A proxy app: the compose service that serves other apps' routes. */
  provides_expose: Type.Optional(Type.Object({ service: Type.String() })),
});
export type AppDeployment = Static<typeof AppDeployment>;

/** start: `up -d`; stop; restart; update: pull + up; redeploy: up --force-recreate. */
export const AppOperation = Type.Union([
  Type.Literal('start'),
  Type.Literal('stop'),
  Type.Literal('restart'),
  Type.Literal('update'),
  Type.Literal('redeploy'),
]);
export type AppOperation = Static<typeof AppOperation>;

export const AppStatusEntry = Type.Object({ app_id: Type.String(), status: Type.Number() });
export type AppStatusEntry = Static<typeof AppStatusEntry>;

export const LogEntry = Type.Object({
  /** Milliseconds since the epoch (the engine's nanoseconds are truncated). */
  timestamp: Type.Number(),
  container_id: Type.String(),
  channel: Type.Union([Type.Literal('stdout'), Type.Literal('stderr')]),
  message: Type.String(),
});
export type LogEntry = Static<typeof LogEntry>;

export const AppLogs = Type.Object({
  /** container id → container name */
  containers: Type.Record(Type.String(), Type.String()),
  logs: Type.Array(LogEntry),
});
export type AppLogs = Static<typeof AppLogs>;

export const RegistryEntry = Type.Object({ address: Type.String(), username: Type.String() });
export type RegistryEntry = Static<typeof RegistryEntry>;

/** A Docker volume with what the agent knows of it. */
export const VolumeEntry = Type.Object({
  name: Type.String(),
  /** Bytes, when Docker reports a size (the local driver does; -1 from the engine becomes null). */
  size: Type.Union([Type.Number(), Type.Null()]),
  /** The app whose compose project made it (its project label), or null. */
  app_id: Type.Union([Type.String(), Type.Null()]),
});
export type VolumeEntry = Static<typeof VolumeEntry>;

/**
 * What compose printed during a deploy, start or delete (the commands as the user would type them,
 * paths relative to the app's folder), bounded by the agent to DEPLOY_OUTPUT_MAX_CHARS: the
 * server keeps it in the app's deploy history.
 */
const DeployOutput = Type.Optional(Type.String());
/** An app's status after a deploy or control, with its output. */
const DeployResult = Type.Composite([AppStatusEntry, Type.Object({ output: DeployOutput })]);

const NoParams = Type.Object({});
const AppId = Type.Object({ app_id: Type.String() });
/**
 * The operation a mutating request belongs to (see the server's app_operations): the agent
 * remembers recent ids with their outcome and answers a repeat with that outcome, running nothing.
 */
const operationId = Type.Optional(
  Type.String({ minLength: 1, maxLength: 140, pattern: '^[A-Za-z0-9_.:-]+$' }),
);
/**
 * What the agent's journal knows of an operation id: still running; finished (with the outcome it
 * answered); interrupted (started, then the agent stopped before it ended: see the agent's
 * README, 'Interrupted operations'); or unknown (never received, or forgotten).
 */
export const OperationStatus = Type.Union([
  Type.Object({ state: Type.Literal('running') }),
  Type.Object({ state: Type.Literal('done'), result: Type.Unknown() }),
  Type.Object({ state: Type.Literal('failed'), code: Type.String(), message: Type.String() }),
  Type.Object({ state: Type.Literal('interrupted') }),
  Type.Object({ state: Type.Literal('unknown') }),
]);
export type OperationStatus = Static<typeof OperationStatus>;
const ByName = Type.Object({ name: Type.String() });
const Count = Type.Optional(Type.Number({ minimum: 0 }));

/** Request methods with the schemas of their params and results. */
export const agentMethods = {
  'app.deploy': {
    params: Type.Object({
      deployment: AppDeployment,
      operation: Type.Optional(Type.Union([Type.Literal('update'), Type.Literal('redeploy')])),
      operation_id: operationId,
    }),
    result: DeployResult,
  },
  'app.control': {
    params: Type.Object({
      app_id: Type.String(),
      operation: AppOperation,
      deployment: Type.Optional(AppDeployment),
      operation_id: operationId,
    }),
    result: DeployResult,
  },
  /** Removes containers, networks, named volumes (never `external` ones; kept with keep_volumes), built images and files. */
  'app.delete': {
    params: Type.Object({
      app_id: Type.String(),
      operation_id: operationId,
      keep_volumes: Type.Optional(Type.Boolean()),
    }),
    result: Type.Object({ deleted: Type.Boolean(), output: DeployOutput }),
  },
  /** The deployment the agent holds for an app (secrets as the ciphertext it received): to adopt it. */
  'app.export': { params: AppId, result: AppDeployment },
  /** Asked by the server after it lost an operation's answer (its own or the agent's crash). */
  'operation.status': {
    params: Type.Object({ operation_id: Type.String({ minLength: 1, maxLength: 140 }) }),
    result: OperationStatus,
  },
  /**
   * Stops a running deploy (its compose command is killed) and puts the app back as a failed
   * deploy would; `cancelled` is false when no deploy of that id runs (finished, or never started).
   */
  'operation.cancel': {
    params: Type.Object({ operation_id: Type.String({ minLength: 1, maxLength: 140 }) }),
    result: Type.Object({ cancelled: Type.Boolean() }),
  },
  'app.statuses': { params: NoParams, result: Type.Array(AppStatusEntry) },
  /**
   * Expose Port asked before a deploy (the Extension panel): why the host would refuse `port` for
   * the app (anything else holds it), or null; the deploy checks it again. Empty `app_id`: an app
   * not created yet.
   */
  'app.host-port': {
    params: Type.Object({ app_id: Type.String(), port: Type.Integer({ minimum: 1, maximum: 65535 }) }),
    result: Type.Object({ refusal: Type.Union([Type.String(), Type.Null()]) }),
  },
  'app.logs': {
    params: Type.Object({ app_id: Type.String(), tail: Count, since_ms: Count, until_ms: Count }),
    result: AppLogs,
  },
  'network.list': { params: NoParams, result: Type.Array(ByName) },
  'network.create': { params: ByName, result: ByName },
  'network.delete': { params: ByName, result: ByName },
  'volume.list': { params: NoParams, result: Type.Array(VolumeEntry) },
  /** Refused for a volume that belongs to an app (delete the app instead). */
  'volume.delete': { params: ByName, result: ByName },
  'registry.list': { params: NoParams, result: Type.Array(RegistryEntry) },
  /** username and password are secret envelopes (see the secret rules) or empty. */
  'registry.create': {
    params: Type.Object({ address: Type.String(), username: Type.String(), password: Type.String() }),
    result: RegistryEntry,
  },
  'registry.delete': {
    params: Type.Object({ address: Type.String() }),
    result: Type.Object({ address: Type.String() }),
  },
  /**
   * Downloads the bundle of `version` from `url` (relative to the server the agent is connected
   * to), checks its SHA-256 and the release key's Ed25519 `signature` (base64) over the release
   * statement, then switches to it under the launcher, which rolls back if it does not come up.
   */
  'agent.update': {
    params: Type.Object({
      version: Type.String(),
      url: Type.String(),
      sha256: Type.String(),
      signature: Type.String(),
    }),
    result: Type.Object({ version: Type.String() }),
  },
};

export type AgentMethod = keyof typeof agentMethods;
export type AgentMethods = {
  [M in AgentMethod]: {
    params: Static<(typeof agentMethods)[M]['params']>;
    result: Static<(typeof agentMethods)[M]['result']>;
  };
};

export function isAgentMethod(method: string): method is AgentMethod {
  return Object.hasOwn(agentMethods, method);
}

/** Why `params` do not fit `method`'s schema ('/deployment/files/0/content: Expected string'), or null. */
export function paramsError(method: AgentMethod, params: unknown): string | null {
  const schema = agentMethods[method].params;
  return Check(schema, params) ? null : firstError(schema, params);
}

/** The first schema error as 'path: message', e.g. '/apps/0/status: Expected number'. */
export function firstError(schema: TSchema, value: unknown): string {
  const error = Errors(schema, value).First();
  return error ? `${error.path || '/'}: ${error.message}` : 'invalid';
}
