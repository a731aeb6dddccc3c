// The pure rules of the contract: no schema library, safe for the browser bundles. The dashboard
// imports them as `contract/rules` (through `shared`); server and agent through `contract`.
export { AppIdText, isAppId, newAppId } from './app-id.js';
export { AppStatus, type AppStatusCode } from './app-status.js';
export {
  ADMISSION_POLICY_CAPABILITY,
  AGENT_FEATURES,
  isAgentFeatureName,
  type AgentFeatureName,
  AGENT_UPDATE_CAPABILITY,
  AGENT_UPDATES_CAPABILITY,
  decodeAdmissionPolicy,
  decodeUpdateOutcome,
  decodeUpdateSetting,
  encodeAdmissionPolicy,
  encodeUpdateOutcome,
  encodeUpdateSetting,
  type AdmissionPolicyReport,
  type UpdateOutcomeReport,
  type UpdateSettingReport,
} from './capabilities.js';
export { PLANS, type CatalogItem, type Plan, type Release, type Sponsorship } from './catalog.js';
export {
  DEPLOY_ACTION_LABELS,
  DEPLOY_ACTIONS,
  DEPLOY_HISTORY_LIMIT,
  DEPLOY_OUTPUT_MAX_CHARS,
  type DeployAction,
  type DeployResult,
} from './deploy-history.js';
export {
  FAILED_DEPLOY_LOG_LINES,
  FAILED_DEPLOY_LOGS_HEADING,
  failedDeployLogs,
  failedDeployLogsText,
  type FailedDeployLogLine,
} from './failed-deploy-logs.js';
export { LogLimits } from './logs.js';
export { formatBytes } from './format-bytes.js';
export { appSizeError, SIZE_LIMITS_TEXT, SizeLimits, SizeText, textBytes } from './size-limits.js';
export {
  COMPOSE_VERSION_CAPABILITY,
  composeVersionText,
  parseComposeVersion,
  type ComposeVersion,
} from './compose-version.js';
export {
  CANONICAL_COMPOSE_FILES,
  ComposeFilesText,
  composeFilesInUse,
  composeSelection,
  composeVariableError,
  selectionVariableError,
  OVERRIDE_COMPOSE_FILES,
  type ComposeFilesInUse,
  type ComposeSelection,
  type SelectionVariable,
} from './compose-files.js';
export {
  APP_NAME_MAX,
  appNameError,
  cleanName,
  COMPOSE_FILE_VARIABLE,
  COMPOSE_PROFILES_VARIABLE,
  COMPOSE_SELECTION_VARIABLES,
  DisplayNames,
  DisplayNameText,
  displayNameError,
  filenameError,
  hasHiddenCharacters,
  isVariableName,
  NameText,
  normalizeName,
  REGISTRY_ADDRESS_MAX,
  registryAddressError,
  RegistryText,
  variableNameError,
  type DisplayNameRule,
  type RuleResult,
  type VariableNameContext,
} from './names.js';
export {
  BILLING_ROLES,
  isOrganizationRole,
  MANAGER_ROLES,
  OWNER_ROLES,
  ORGANIZATION_ROLES,
  type OrganizationRole,
} from './roles.js';
export { DOCKER_NOT_RESPONDING } from './docker-health.js';
export {
  CONTRIBUTED_ID_PREFIX,
  contributedVariables,
  domainError,
  EXPOSE,
  ExposeVariables,
  EXTENSIONS,
  ExtensionText,
  isExtensionName,
  isPublicDomain,
  parseDomains,
  parseHostPort,
  SELF_APP_ID,
  serviceNameError,
  type ContributedVariable,
  type ExtensionName,
  type ExtensionValue,
  type SupportedExtension,
} from './extensions.js';
export { SignInFailure, signInFailureText, type SignInFailureCode } from './sign-in.js';
export {
  findVariableReferences,
  referencedVariables,
  rewriteVariableReferences,
  type ReferenceModifier,
  type VariableReference,
} from './variable-references.js';
export {
  decryptSecret,
  ENCRYPTED_PLACEHOLDER,
  encryptSecret,
  importRecipientKey,
  importRecipientPrivateKey,
  isEncryptedValue,
  secretPlaintextBytes,
  type SecretEnvelope,
} from './secret-envelope.js';
