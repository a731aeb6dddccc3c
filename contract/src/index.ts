// The contract between the server, the agent and the dashboard. The dashboard imports
// `contract/rules` (pure rules, no schema library); server and agent import this entry.
export {
  AgentToServer,
  CloseCode,
  decodeAgentMessage,
  decodeServerMessage,
  Feature,
  NamedValue,
  PROTOCOL_VERSION,
  ServerToAgent,
  type Decoded,
} from './protocol/messages.js';
export { releaseStatement } from './protocol/agent-releases.js';
export { DeployHistoryEntry, RunningDeploy } from './api/deploys.js';
export {
  BUILD_LINES_KEPT,
  DeployProgress,
  DEPLOY_STEPS,
  PROGRESS_EVENT_INTERVAL_MS,
  SERVICE_STATES,
  type DeployStep,
  type ImagePull,
  type ServiceBuild,
  type ServiceProgress,
  type ServiceState,
} from './protocol/deploy-progress.js';
export { deploymentDigest, InventoryEntry } from './protocol/inventory.js';
export {
  agentMethods,
  AppDeployment,
  AppLogs,
  AppOperation,
  AppStatusEntry,
  DeploymentFile,
  DeploymentVariable,
  Exposure,
  firstError,
  isAgentMethod,
  LogEntry,
  OperationStatus,
  paramsError,
  RegistryEntry,
  VolumeEntry,
  type AgentMethod,
  type AgentMethods,
} from './protocol/methods.js';
// The rules' explicit export list lives in rules/index.ts; this entry passes it on unchanged.
export * from './rules/index.js';
