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
export {
  ADMISSION_POLICY_CAPABILITY,
  AdmissionPolicyReport,
  decodeAdmissionPolicy,
  encodeAdmissionPolicy,
} from './protocol/capabilities.js';
export {
  AGENT_UPDATE_CAPABILITY,
  AGENT_UPDATES_CAPABILITY,
  decodeUpdateOutcome,
  decodeUpdateSetting,
  encodeUpdateOutcome,
  encodeUpdateSetting,
  releaseStatement,
  UpdateOutcomeReport,
  UpdateSettingReport,
} from './protocol/agent-releases.js';
export {
  agentMethods,
  AppDeployment,
  AppLogs,
  AppOperation,
  AppStatusEntry,
  DeploymentFile,
  DeploymentVariable,
  firstError,
  isAgentMethod,
  LogEntry,
  paramsError,
  RegistryEntry,
  type AgentMethod,
  type AgentMethods,
} from './protocol/methods.js';
