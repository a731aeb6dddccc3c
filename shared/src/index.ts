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
  CatalogRelease,
  ExtensionValue,
  LogEntry,
  LogsPage,
  Member,
  Network,
  Organization,
  OrganizationRole,
  PlanTier,
  Registry,
  SubscriptionStatus,
  User,
  UserOrganization,
} from './types';

export { ApiError, INVALID_RESPONSE, NOT_AUTHENTICATED, isApiError } from './api/ApiError';
export type { ApiErrorKind } from './api/ApiError';
export { apiCall, apiGet, apiPost, configureApiClient, resolveApiUrl } from './api/client';
export type { ApiCallOptions, ApiClientOptions, ApiResult, AuthCheck } from './api/client';
export { readCookie } from './api/cookies';

export { QUERY_DEFAULTS, createQueryClient, queryClient, retryDelay } from './query/queryClient';
export type { DashboardQueryMeta } from './query/queryClient';
export { queryKeys } from './query/query-keys';
export { AGENT_LIST_STALE_TIME_MS, agentsQueryOptions, fetchAgents, toMilliseconds } from './query/agentQueries';

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

// auth, domain and crypto (written by the host-shell/domain helper) append their exports below.
