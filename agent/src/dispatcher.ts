import type { AppInventory } from './apps/app-inventory.js';
import type { AppManager } from './apps/app-manager.js';
import type { NetworkService } from './docker/networks.js';
import type { VolumeService } from './docker/volumes.js';
import type { TestHold } from './docker/test-hold.js';
import type { RegistryStore } from './docker/registries.js';
import { AgentError, AgentErrorCode } from './errors.js';
import type { OperationJournal } from './operations/operation-journal.js';
import type { DeployTrackers } from './progress/deploy-tracker.js';
import type { UpdateRequest } from './releases/updater.js';
import {
  isAgentMethod,
  paramsError,
  type AgentFeatureName,
  type AgentMethod,
  type AgentMethods,
} from 'contract';

/** The feature each method belongs to (methods not listed need none). */
const METHOD_FEATURE: Partial<Record<AgentMethod, AgentFeatureName>> = {
  'app.logs': 'app_logs',
  'registry.list': 'docker_registries',
  'registry.create': 'docker_registries',
  'registry.delete': 'docker_registries',
  'network.list': 'docker_networks',
  'network.create': 'docker_networks',
  'network.delete': 'docker_networks',
  'volume.list': 'docker_volumes',
  'volume.delete': 'docker_volumes',
};

export interface AgentServices {
  apps: AppManager;
  inventory: AppInventory;
  /** Answers a repeated operation id with its first outcome (app.deploy, app.control, app.delete). */
  journal: OperationJournal;
  /** The deploys in flight: their progress goes to the server; one can be cancelled. */
  deploys: DeployTrackers;
  networks: NetworkService;
  volumes: VolumeService;
  registries: RegistryStore;
  /** Turned off on the host: their methods are refused, whatever the server asks. */
  featuresOff: readonly AgentFeatureName[];
  updateAgent(request: UpdateRequest): Promise<{ version: string }>;
  /** Crash tests only: waits 'before-app.delete' (…) inside the journal's run. */
  hold?: TestHold;
}

type Handlers = {
  [M in AgentMethod]: (params: AgentMethods[M]['params']) => Promise<AgentMethods[M]['result']>;
};

/** Routes one request from the server to the service that handles it, once its params fit the contract. */
export function createDispatcher(
  services: AgentServices,
): (method: string, params: unknown) => Promise<unknown> {
  /** A mutating app operation: once per operation id (the journal), after the test hold if any. */
  const once = <T>(
    method: string,
    operationId: string | undefined,
    subject: { app_id: string; project?: string },
    work: () => Promise<T>,
  ) =>
    services.journal.run(operationId, { method, ...subject }, async () => {
      await services.hold?.(`before-${method}`, subject.app_id);
      return work();
    });
  const handlers: Handlers = {
    'app.deploy': (p) =>
      once('app.deploy', p.operation_id, { app_id: p.deployment.app_id, project: p.deployment.project }, () =>
        services.deploys.track(p.operation_id, p.deployment.app_id, (tracker) =>
          services.apps.deploy(p.deployment, p.operation, tracker),
        ),
      ),
    'app.control': (p) =>
      once('app.control', p.operation_id, { app_id: p.app_id }, () =>
        p.deployment
          ? services.deploys.track(p.operation_id, p.app_id, (tracker) =>
              services.apps.control(p.app_id, p.operation, p.deployment, tracker),
            )
          : services.apps.control(p.app_id, p.operation, p.deployment),
      ),
    'app.delete': (p) =>
      once('app.delete', p.operation_id, { app_id: p.app_id }, () =>
        services.apps.delete(p.app_id, { keepVolumes: p.keep_volumes }),
      ),
    'operation.status': (p) => services.journal.status(p.operation_id),
    'operation.cancel': async (p) => ({ cancelled: services.deploys.cancel(p.operation_id) }),
    'app.export': (p) => services.inventory.export(p.app_id),
    'app.statuses': () => services.apps.statuses(),
    'app.host-port': (p) => services.apps.hostPortRefusal(p.app_id, p.port),
    'app.logs': (p) =>
      services.apps.logs(p.app_id, { tail: p.tail, sinceMs: p.since_ms, untilMs: p.until_ms }),
    'network.list': () => services.networks.list(),
    'network.create': (p) => services.networks.create(p.name),
    'network.delete': (p) => services.networks.delete(p.name),
    'volume.list': () => services.volumes.list(),
    'volume.delete': (p) => services.volumes.delete(p.name),
    'registry.list': () => services.registries.list(),
    'registry.create': (p) => services.registries.create(p.address, p.username, p.password),
    'registry.delete': (p) => services.registries.delete(p.address),
    'agent.update': ({ version, url, sha256, signature }) =>
      services.updateAgent({ version, url, sha256, signature }),
  };
  return async (method, params) => {
    if (!isAgentMethod(method))
      throw new AgentError(AgentErrorCode.UnknownMethod, `Unknown method: ${method}`);
    const error = paramsError(method, params);
    if (error) throw new AgentError(AgentErrorCode.InvalidRequest, `Invalid request: ${error}`);
    const feature = METHOD_FEATURE[method];
    if (feature && services.featuresOff.includes(feature))
      throw new AgentError(
        AgentErrorCode.FeatureTurnedOff,
        `This feature (${feature}) is turned off on this server by its owner.`,
      );
    const handler = handlers[method] as (p: unknown) => Promise<unknown>;
    return handler(params);
  };
}
