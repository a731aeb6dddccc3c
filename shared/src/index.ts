// Public surface of the `shared` package: the one instance of everything cross-cutting on a page.
// Explicit exports only. Must not import @chakra-ui/react or framer-motion (keeps the login route
// light); the standalone harness is imported by path from 'shared/src/harness/StandaloneHarness'.

export type {
  Agent,
  AgentCapability,
  AgentFeature,
  AgentStatus,
  AgentVersion,
  ApiEnvelope,
  AppConfig,
  AppDetails,
  AppFile,
  AppListItem,
  AppStatusCode,
  AppStatusEntry,
  AppVariable,
  CatalogItem,
  ExtensionValue,
  LogEntry,
  LogsPage,
  Member,
  Network,
  DockerVolume,
  Organization,
  OrganizationRole,
  Registry,
  SubscriptionStatus,
  SupportedExtension,
  User,
  UserOrganization,
} from './types';

// The contract's pure rules the remotes use (they reach the contract only through shared).
export {
  AGENT_UPDATE_CAPABILITY,
  AGENT_UPDATES_CAPABILITY,
  AppStatus,
  appSizeError,
  COMPOSE_VERSION_CAPABILITY,
  composeVersionText,
  CONTRIBUTED_ID_PREFIX,
  contributedVariables,
  DEPLOY_ACTION_LABELS,
  decodeUpdateOutcome,
  failedDeployLogs,
  decodeUpdateSetting,
  DOCKER_NOT_RESPONDING,
  ENCRYPTED_PLACEHOLDER,
  EXPOSE,
  ExposeVariables,
  ExtensionText,
  formatBytes,
  isVariableName,
  LogLimits,
  newAppId,
  parseDomains,
  parseHostPort,
  referencedVariables,
  rewriteVariableReferences,
  SELF_APP_ID,
  selectionVariableError,
  serviceNameError,
  signInFailureText,
  SIZE_LIMITS_TEXT,
  SizeLimits,
  SizeText,
  textBytes,
} from 'contract/rules';
// SecretEnvelope: restored after 2.2.0 dropped it (a type only, but a public one: 2.3.0 puts it back).
export type {
  AgentFeatureName,
  ComposeFilesInUse,
  ContributedVariable,
  DeployAction,
  DeployResult,
  SecretEnvelope,
  UpdateOutcomeReport,
  UpdateSettingReport,
} from 'contract/rules';

export { ApiError, INVALID_RESPONSE, NOT_AUTHENTICATED, isApiError } from './api/ApiError';
export type { ApiErrorKind } from './api/ApiError';
export { apiCall, apiGet, apiPost, configureApiClient, resolveApiUrl } from './api/client';
export type { ApiCallOptions, ApiClientOptions, ApiResult, AuthCheck } from './api/client';
export { readCookie } from './api/cookies';

export { QUERY_DEFAULTS, createQueryClient, queryClient, retryDelay } from './query/queryClient';
export type { DashboardMutationMeta, DashboardQueryMeta, ErrorToast } from './query/queryClient';
export { agentScopedRoots, queryKeys } from './query/query-keys';
export {
  AGENT_LIST_STALE_TIME_MS,
  agentsQueryOptions,
  fetchAgents,
  toMilliseconds,
} from './query/agentQueries';
export { appInventoryQueryOptions, appStatusesQueryOptions, appsQueryOptions } from './query/appQueries';
export { checkHostPort, controlApp, deleteApp, settleFoundApp } from './api/apps';
export type { AppInventory, AppOperation } from './api/apps';
export { catalogQueryOptions } from './query/catalogQueries';
export { deployFailureProps, deployHistoryPath, deployOutputQueryOptions } from './query/deployQueries';
export type { DeployFailureProps, DeployOutputQuery } from './query/deployQueries';
export { formatDuration, useDeployProgress } from './query/deployProgress';
export type { DeployProgressView } from './query/deployProgress';
// The HTTP answers' types from the contract's schemas (types only: no schema code in a bundle).
export type { DeployHistoryEntry } from 'contract';
export { useDeleteAgentMutation } from './api/useDeleteAgentMutation';
export { useRenameAgentMutation } from './api/useRenameAgentMutation';
export { agentSubscriptionUrl, businessSubscriptionUrl, portalUrl } from './api/billing';
export type { ServerPlanChoice } from './api/billing';
export { useOpenBillingPageMutation } from './api/useOpenBillingPageMutation';
export type { BillingPageRequest } from './api/useOpenBillingPageMutation';
export { isNoLicenseFailure, usePromoteAgentMutation } from './api/usePromoteAgentMutation';
export type { PromoteAgentRequest } from './api/usePromoteAgentMutation';

export { EventBus, eventBus } from './events/event-bus';
export type { DashboardEventName, DashboardEvents, ToastRequest } from './events/event-bus';
export { useEventSubscription } from './events/useEventBus';

export { createRequiredContext } from './context/createRequiredContext';
export { CurrentUserContext, useCurrentUser } from './context/CurrentUserContext';
export type { CurrentUserValue } from './context/CurrentUserContext';
export { CurrentAgentContext, useCurrentAgent } from './context/CurrentAgentContext';
export type { CurrentAgentValue } from './context/CurrentAgentContext';
export { ToastContext, useToastMessage } from './context/ToastContext';
export type { ToastValue } from './context/ToastContext';

// Authentication, domain rules and crypto.

export { AuthSession, AUTH_RECHECK_INTERVAL_MS } from './auth/auth-session';
export type { AuthEnvironment, AuthSnapshot, AuthStatus } from './auth/auth-session';
export { createHttpAuthTransport, InvalidTokenError, INVALID_TOKEN_MESSAGE } from './auth/auth-transport';
export type { AuthTransport, RefreshOutcome } from './auth/auth-transport';
export { getBrowserAuthSession } from './auth/browser-auth';
export { AuthProvider, useAuth } from './auth/AuthProvider';
export type { AuthProviderProps, AuthState } from './auth/AuthProvider';
export { ACCESS_TOKEN_COOKIE, clearAccessTokenCookie, decodeTokenExpiry, isTokenExpired } from './auth/token';
export { USER_STATE_KEY, readStoredUser, toUser, writeStoredUser } from './auth/user-state';
export type { UserProfileResponse } from './auth/user-state';

export {
  DEFAULT_INVITE_ROLE,
  INVITE_ROLES,
  LOG_SEARCH_MIN_EXCLUSIVE,
  ORGANIZATION_NAME_MAX_LENGTH,
  SERVER_NAME_MIN_LENGTH,
  canRenameApp,
  hasEmptySelectValue,
  isLogSearchActive,
  planServerRename,
  validateAppName,
  validateFilename,
  validateInviteEmail,
  validateNetworkName,
  validateOrganizationName,
  validateRegistryAddress,
  validateServerRename,
  validateVariableName,
} from './domain/validation';
export type {
  AppNameContext,
  ServerRenamePlan,
  ValidationResult,
  VariableNameContext,
} from './domain/validation';
export {
  CERTIFICATE_KEY_NOT_P256,
  INVALID_CERTIFICATE_FORMAT,
  extractSubjectPublicKeyInfo,
  isP256PublicKeyInfo,
  pemCertificateToDer,
  validateCertificate,
} from './domain/certificate';
export {
  SERVER_CODE_LENGTH,
  canConnectServer,
  formatServerCode,
  isServerCodeComplete,
  normalizeServerCode,
} from './domain/server-code';
export {
  compareVersions,
  compareVersionsDescending,
  isNewerVersion,
  parseVersion,
  sortByVersionDescending,
  stripVersionPrefix,
} from './domain/versions';
export type { ParsedVersion } from './domain/versions';
export {
  FREE_PLAN_MORE_VERSIONS_MESSAGE,
  UnknownSubscriptionStatusError,
  isOrganizationPaid,
  isServerPlanAssigned,
  isServerUnpaid,
  isUpgradeNeeded,
  organizationPlanLabel,
  parseServerPlan,
  serverPlanLabel,
  upgradeActionFor,
  versionChoiceLabel,
  versionChoicesForPlan,
} from './domain/plans';
export type {
  UpgradeAction,
  UpgradeContext,
  UpgradeTarget,
  VersionChoice,
  VersionChoices,
} from './domain/plans';
export {
  APP_STATUS_WAITING_LABEL,
  appStatusColour,
  appStatusLabel,
  toAppStatusWord,
} from './domain/app-status';
export type { AppStatusWord } from './domain/app-status';
export { DOCKER_NOT_RESPONDING_APP } from './domain/docker-health';
export { APP_ICON_NAMES, AppIcon, DEFAULT_APP_ICON } from './icons/app-icons';

export {
  EC_KEY_EXTRACTION_FAILED,
  certificateOfAgent,
  encryptForAgent,
  encryptForCertificate,
  importCertificatePublicKey,
} from './crypto/encrypt-secret';
export {
  canDeleteOrganization,
  canManageBilling,
  canManageOrganizations,
  canManageServer,
  pickBillingOrganization,
  roleIn,
} from './domain/permissions';
export {
  ADMISSION_POLICY_COMMAND,
  AGENT_RESTART_COMMAND,
  HOST_ACCESS_COMMAND,
  admissionPolicyOf,
  hostAccessBlock,
} from './domain/admission-policy';
export type { AdmissionPolicyView } from './domain/admission-policy';
export { capabilityValue, formatHardware, isAgentFeatureEnabled } from './domain/capabilities';
export type { CapabilityName } from './domain/capabilities';
export { useTabParam } from './routing/useTabParam';
export { useIsMobile } from './ui/useIsMobile';
export type { TabParamProps } from './routing/useTabParam';
