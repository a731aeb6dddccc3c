import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppInventory } from './apps/app-inventory.js';
import { AppManager } from './apps/app-manager.js';
import { AppStore } from './apps/app-store.js';
import { StatusWatcher } from './apps/status-watcher.js';
import type { AgentConfig } from './config.js';
import { AgentConnection } from './connection/agent-connection.js';
import { ComposeRunner, composeVersionCapability, detectComposeCli } from './docker/compose.js';
import { composeVersionText } from 'contract';
import { DockerEngine } from './docker/engine.js';
import { EngineGate } from './docker/engine-gate.js';
import { EngineMonitor } from './docker/engine-monitor.js';
import { testHold } from './docker/test-hold.js';
import { discardUnsavedCreates } from './operations/interrupted.js';
import { OperationJournal } from './operations/operation-journal.js';
import { DeployTrackers } from './progress/deploy-tracker.js';
import { NetworkService } from './docker/networks.js';
import { VolumeService } from './docker/volumes.js';
import { RegistryStore } from './docker/registries.js';
import { createDispatcher } from './dispatcher.js';
import { Admission } from './policy/admission.js';
import { loadOrCreateIdentity, type AgentIdentity } from './identity.js';
import { agentFeatures, agentVersion, collectCapabilities } from './system-info.js';
import { readUpdateState, updateOutcomeCapability } from './launcher/update-state.js';
import { updatePolicyCapability } from './releases/update-policy.js';
import { launcherLink, stageUpdate } from './releases/updater.js';

export interface RunningAgent {
  identity: AgentIdentity;
  connection: AgentConnection;
  stop(): Promise<void>;
}

const MUTATING_APP_METHODS = new Set(['app.deploy', 'app.control', 'app.delete']);

function connectUrl(serverUrl: string): string {
  return `${serverUrl.replace(/^http/, 'ws')}/agent/connect`;
}

/** Composition root: identity, Docker services, the status watcher and the server connection. */
export async function startAgent(
  config: AgentConfig,
  log: (message: string) => void = console.log,
): Promise<RunningAgent> {
  const identity = await loadOrCreateIdentity(config.stateDir);
  const version = agentVersion();
  const engine = new DockerEngine(config.dockerSocket);
  const dockerConfigDir = path.join(config.stateDir, 'docker');
  const systemEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    HOME: process.env.HOME ?? config.stateDir,
    DOCKER_CONFIG: dockerConfigDir,
    ...(process.env.DOCKER_HOST ? { DOCKER_HOST: process.env.DOCKER_HOST } : {}),
  };
  const hold = config.testHoldDir ? testHold(config.testHoldDir, log) : undefined;
  const composeCli = await detectComposeCli(config.composeCommand);
  const composeCapability = composeVersionCapability(composeCli);
  log(
    `running apps with ${composeCapability ? composeVersionText(composeCapability.value) : 'a Compose that printed no version'} (${[composeCli.command, ...composeCli.baseArgs].join(' ')})`,
  );
  const gatesDir = path.join(config.stateDir, 'engine-gates');
  await EngineGate.removeStale(gatesDir);
  const compose = new ComposeRunner(composeCli, systemEnv, config.composeTimeoutMs, {
    hold,
    engine,
    gatesDir,
  });
  const store = new AppStore(config.appsDir);
  const inventory = new AppInventory(store);
  const apps = new AppManager(
    store,
    compose,
    new Admission(config.policy, config.dockerSocket),
    engine,
    identity.privateKeyPem,
    config.projectPrefix,
  );
  const pairingFile = path.join(config.stateDir, 'pairing-code');
  const launcher = launcherLink();

  let connection: AgentConnection | null = null;
  /** Capabilities plus how the last update ended; once sent, this version counts as healthy. */
  const reportCapabilities = async () => {
    const capabilities = await collectCapabilities(config.policy, version);
    capabilities.push(updatePolicyCapability(config.updates));
    if (composeCapability) capabilities.push(composeCapability);
    const outcome = updateOutcomeCapability(await readUpdateState(config.stateDir), version);
    if (outcome) capabilities.push(outcome);
    connection?.send({ type: 'report', capabilities, features: agentFeatures(config.featuresOff) });
    if (connection?.connected) launcher?.send({ type: 'healthy', version });
  };
  /** What this agent holds, for the server to reconcile (after welcome and after every change). */
  const reportInventory = async () => {
    try {
      connection?.send({ type: 'inventory', apps: await inventory.list() });
    } catch (error) {
      log(`could not read the app inventory: ${(error as Error).message}`);
    }
  };
  /** Whether Docker answers, once known; the server shows Unknown statuses while it does not. */
  const reportDockerStatus = () => {
    if (monitor.isResponding !== null)
      connection?.send({ type: 'docker-status', is_responding: monitor.isResponding });
  };
  const monitor = new EngineMonitor(engine, (isResponding, reason) => {
    log(isResponding ? 'Docker is responding' : `Docker is not responding: ${reason ?? 'no answer'}`);
    reportDockerStatus();
    // Statuses read before the outage are stale: report every app afresh.
    if (isResponding) watcher.resendAll();
  });
  const watcher = new StatusWatcher(
    engine,
    apps,
    (changes) => connection?.send({ type: 'app-status', apps: changes }),
    undefined,
    () => void monitor.check(),
  );
  const journal = new OperationJournal(path.join(config.stateDir, 'operations.json'));
  // Before the first inventory is sent: a half-made create must not show as found on the server.
  await discardUnsavedCreates(journal, apps, log);
  const deploys = new DeployTrackers(
    (operationId, appId, progress) =>
      connection?.send({ type: 'deploy-progress', operation_id: operationId, app_id: appId, progress }),
    config.logDeploySteps ? log : undefined,
  );
  const dispatch = createDispatcher({
    apps,
    inventory,
    journal,
    deploys,
    hold,
    networks: new NetworkService(engine),
    volumes: new VolumeService(engine, () => apps.appsByProject()),
    registries: new RegistryStore(dockerConfigDir, identity.privateKeyPem),
    featuresOff: config.featuresOff,
    updateAgent: (request) =>
      stageUpdate(request, {
        serverUrl: config.serverUrl,
        releaseKeyPath: config.releaseKeyPath,
        runningVersion: version,
        launcher,
        policy: config.updates,
        log,
      }),
  });

  connection = new AgentConnection(connectUrl(config.serverUrl), identity, version, {
    onRequest: async (method, params) => {
      const changesApps = MUTATING_APP_METHODS.has(method);
      try {
        return await dispatch(method, params);
      } finally {
        // A failed deploy may still have left files or containers: report either way.
        if (changesApps) {
          watcher.schedule();
          void reportInventory();
        }
      }
    },
    onPairingCode: (code, expiresAt) => {
      const minutes = Math.round((expiresAt - Date.now()) / 60_000);
      log(
        `Pairing code: ${code} (enter it in the Dockhand dashboard to connect this server; valid ${minutes} minutes)`,
      );
      void writeFile(pairingFile, `${code}\n`, { mode: 0o600 });
    },
    onWelcome: (agentId) => {
      log(`connected as agent ${agentId}`);
      void rm(pairingFile, { force: true });
      void reportCapabilities();
      reportDockerStatus();
      void reportInventory();
      watcher.resendAll();
    },
    onRevoked: () => {
      watcher.stop();
      monitor.stop();
    },
    log,
  });
  monitor.start();
  watcher.start();
  connection.start();
  return {
    identity,
    connection,
    async stop() {
      monitor.stop();
      watcher.stop();
      connection?.stop();
    },
  };
}
