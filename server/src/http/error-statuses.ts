/**
 * The one place where domain error codes become HTTP statuses. A code not listed here is a
 * refusal of the request as sent: 400.
 */
const statusOfCode: Readonly<Record<string, number>> = {
  // 401: no live session.
  AUTH_REQUIRED: 401,
  SESSION_EXPIRED: 401,
  // 402: the plan does not include it.
  AGENT_UNPAID: 402,
  MEMBERS_NEED_BUSINESS: 402,
  NO_PRO_LICENSES: 402,
  // 403: known caller, not allowed.
  AGENT_FORBIDDEN: 403,
  BILLING_FORBIDDEN: 403,
  BILLING_FORBIDDEN_ORG: 403,
  BILLING_NO_ORG: 403,
  CATALOG_NO_FREE_VERSION: 403,
  CATALOG_VERSION_NEEDS_PRO: 403,
  CSRF: 403,
  ORG_FORBIDDEN: 403,
  ORG_OWNER_ONLY: 403,
  // 404: nothing there (or nothing this caller may know of).
  AGENT_DOWNLOAD_MISSING: 404,
  AGENT_NOT_FOUND: 404,
  AGENT_RELEASE_KEY_MISSING: 404,
  AGENT_VERSION_NOT_FOUND: 404,
  APP_NOT_FOUND: 404,
  BILLING_CHECKOUT_NOT_FOUND: 404,
  CATALOG_APP_NOT_FOUND: 404,
  CATALOG_ASSET_NOT_FOUND: 404,
  CATALOG_VERSION_NOT_FOUND: 404,
  DEPLOY_NOT_FOUND: 404,
  DEPLOY_NOT_RUNNING: 409,
  INVITATION_NOT_FOUND: 404,
  MEMBER_NOT_FOUND: 404,
  NO_REMOTES: 404,
  // 409: the current state forbids it.
  AGENT_ALREADY_PRO: 409,
  AGENT_OFFLINE: 409,
  DOCKER_NOT_RESPONDING: 409,
  AGENT_ONLINE: 409,
  AGENT_VERSION_RUNNING: 409,
  AGENT_DOWNGRADE_NOT_CONFIRMED: 409,
  BILLING_AGENT_PRO: 409,
  BILLING_ALREADY_BUSINESS: 409,
  BILLING_NO_ACCOUNT: 409,
  FREE_SLOT_USED: 409,
  MEMBER_EXISTS: 409,
  APP_DOMAIN_TAKEN: 409,
  APP_HOST_PORT_TAKEN: 409,
  OPERATION_IN_PROGRESS: 409,
  OPERATION_INTERRUPTED: 409,
  OPERATION_KEY_REUSED: 409,
  OPERATION_OUTCOME_UNKNOWN: 409,
  ORG_SERVERS_ONLINE: 409,
  // 413: larger than the contract's size limits (SizeLimits).
  APP_TOO_LARGE: 413,
  REQUEST_TOO_LARGE: 413,
  // 429: slow down.
  PAIRING_RATE_LIMITED: 429,
  RATE_LIMITED: 429,
  // 502/504: a party behind this server failed.
  AGENT_DISCONNECTED: 502,
  BILLING_PROVIDER_DOWN: 502,
  AGENT_TIMEOUT: 504,
  // 500: a replayed unexpected failure (operations/operation-log.ts).
  INTERNAL: 500,
  // 503: briefly unavailable, the client retries after `Retry-After`; 507: no room to save.
  DATABASE_UNAVAILABLE: 503,
  DISK_FULL: 507,
};

/** Seconds a client should wait before retrying a request refused with this code, if any. */
const retryAfterOfCode: Readonly<Record<string, number>> = {
  DATABASE_UNAVAILABLE: 2,
};

export function httpStatusOf(code: string): number {
  return statusOfCode[code] ?? 400;
}

export function retryAfterOf(code: string): number | undefined {
  return retryAfterOfCode[code];
}
