import type { AppManager } from './apps/app-manager.js';
import type { NetworkService } from './docker/networks.js';
import type { RegistryStore } from './docker/registries.js';
import { AgentError, AgentErrorCode } from './errors.js';
import type { AgentMethod, AgentMethods, AppDeployment, AppOperation } from './protocol.js';
import type { UpdateRequest } from './releases/updater.js';

export interface AgentServices {
  apps: AppManager;
  networks: NetworkService;
  registries: RegistryStore;
  updateAgent(request: UpdateRequest): Promise<{ version: string }>;
}

type Handlers = {
  [M in AgentMethod]: (params: AgentMethods[M]['params']) => Promise<AgentMethods[M]['result']>;
};

const OPERATIONS: AppOperation[] = ['start', 'stop', 'restart', 'update', 'redeploy'];

/** Routes one request from the server to the service that handles it, checking params shape. */
export function createDispatcher(
  services: AgentServices,
): (method: string, params: unknown) => Promise<unknown> {
  const handlers: Handlers = {
    'app.deploy': (p) => services.apps.deploy(deployment(p.deployment), p.operation),
    'app.control': (p) => {
      if (!OPERATIONS.includes(p.operation)) throw invalid('operation');
      return services.apps.control(
        text(p.app_id, 'app_id'),
        p.operation,
        p.deployment ? deployment(p.deployment) : undefined,
      );
    },
    'app.delete': (p) => services.apps.delete(text(p.app_id, 'app_id')),
    'app.statuses': () => services.apps.statuses(),
    'app.logs': (p) =>
      services.apps.logs(text(p.app_id, 'app_id'), {
        tail: optionalNumber(p.tail),
        sinceMs: optionalNumber(p.since_ms),
        untilMs: optionalNumber(p.until_ms),
      }),
    'network.list': () => services.networks.list(),
    'network.create': (p) => services.networks.create(text(p.name, 'name')),
    'network.delete': (p) => services.networks.delete(text(p.name, 'name')),
    'registry.list': () => services.registries.list(),
    'registry.create': (p) =>
      services.registries.create(
        text(p.address, 'address'),
        text(p.username ?? '', 'username'),
        text(p.password ?? '', 'password'),
      ),
    'registry.delete': (p) => services.registries.delete(text(p.address, 'address')),
    'agent.update': (p) =>
      services.updateAgent({
        version: text(p.version, 'version'),
        url: text(p.url, 'url'),
        sha256: text(p.sha256, 'sha256'),
        signature: text(p.signature, 'signature'),
      }),
  };
  return async (method, params) => {
    if (!Object.hasOwn(handlers, method))
      throw new AgentError(AgentErrorCode.UnknownMethod, `Unknown method: ${method}`);
    if (typeof params !== 'object' || params === null) throw invalid('params');
    const handler = handlers[method as AgentMethod] as (p: unknown) => Promise<unknown>;
    return handler(params);
  };
}

function invalid(field: string): AgentError {
  return new AgentError(AgentErrorCode.InvalidRequest, `Invalid request: ${field}`);
}

function text(value: unknown, field: string): string {
  if (typeof value !== 'string') throw invalid(field);
  return value;
}

function optionalNumber(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw invalid('number');
  return value;
}

function deployment(value: unknown): AppDeployment {
  const d = value as Partial<AppDeployment> | null;
  if (
    !d ||
    typeof d.app_id !== 'string' ||
    typeof d.project !== 'string' ||
    !Array.isArray(d.files) ||
    !Array.isArray(d.variables)
  ) {
    throw invalid('deployment');
  }
  for (const file of d.files) {
    if (typeof file?.filename !== 'string' || typeof file.content !== 'string')
      throw invalid('deployment.files');
    file.is_encrypted = file.is_encrypted === true;
  }
  for (const variable of d.variables) {
    if (typeof variable?.name !== 'string' || typeof variable.value !== 'string')
      throw invalid('deployment.variables');
    variable.is_encrypted = variable.is_encrypted === true;
  }
  return d as AppDeployment;
}
