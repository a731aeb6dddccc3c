import type { ApiEnvelope } from '../types';
import { ApiError, INVALID_RESPONSE, NOT_AUTHENTICATED } from './ApiError';
import { readCookie } from './cookies';

/** Resolves to true when a signed-in session exists (the auth state machine provides it). */
export type AuthCheck = () => boolean | Promise<boolean>;

export interface ApiClientOptions {
  /** Base for relative paths; defaults to the page's origin ({host} of the spec). */
  baseUrl?: string;
  ensureAuthenticated: AuthCheck;
  fetch?: typeof fetch;
}

export interface ApiCallOptions {
  method?: 'GET' | 'POST';
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | undefined>;
  /** JSON body of a POST. */
  body?: unknown;
  /** Prefix of the HTTP failure text, e.g. 'Failed to fetch catalog' → 'Failed to fetch catalog: 500 Internal Server Error'. */
  failureMessage?: string;
  /**
   * What follows the prefix on an HTTP failure without a server message (spec section 8):
   * 'status' gives '{status} {statusText}' (the default), 'statusText' only the status text,
   * 'none' the prefix alone.
   */
  failureDetail?: 'status' | 'statusText' | 'none';
  /** The error when the server answers success: false without a message (spec section 8 defaults, e.g. 'Create registry failed'). */
  rejectedMessage?: string;
  signal?: AbortSignal;
  /**
   * A mutating app call (create, update, install, delete, control): it carries one
   * `Idempotency-Key`, made for this call (one user action), and a request whose answer was lost
   * (network error) is sent again with the same key, so the server runs it at most once.
   */
  idempotent?: boolean;
}

/** Retries of an idempotent call whose answer was lost, and the wait before each. */
const LOST_ANSWER_RETRY_DELAYS_MS = [500, 2000];

/** 128 random bits as hex (getRandomValues works on plain-http pages too, unlike randomUUID). */
function newOperationKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The unwrapped envelope: data plus the server's message (some calls show it in a toast). */
export interface ApiResult<T> {
  data: T;
  message: string;
}

const ACCESS_TOKEN_COOKIE = 'access_token';

let options: ApiClientOptions = {
  ensureAuthenticated: () => false,
};

/** Called once by the host (and by a remote's standalone harness) before any call is made. */
export function configureApiClient(next: ApiClientOptions): void {
  options = next;
}

/** Relative paths resolve against the API base; absolute http(s) URLs are left unchanged. */
export function resolveApiUrl(path: string, query?: ApiCallOptions['query']): string {
  const base =
    options.baseUrl ?? (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);
  const url = /^https?:\/\//i.test(path) ? new URL(path) : new URL(path.replace(/^\/?/, '/'), base);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** Makes one API call: auth check first, credentials, bearer header, envelope unwrapping. */
export async function apiCall<T>(path: string, call: ApiCallOptions = {}): Promise<ApiResult<T>> {
  if (!(await options.ensureAuthenticated())) throw new ApiError(NOT_AUTHENTICATED, 'not-authenticated');

  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readCookie(ACCESS_TOKEN_COOKIE);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  if (call.idempotent) headers['Idempotency-Key'] = newOperationKey();

  const doFetch = options.fetch ?? fetch;
  const send = () =>
    doFetch(resolveApiUrl(path, call.query), {
      method: call.method ?? (call.body === undefined ? 'GET' : 'POST'),
      credentials: 'include',
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: call.signal,
    });
  let response: Response | null = null;
  const retries = call.idempotent ? LOST_ANSWER_RETRY_DELAYS_MS : [];
  for (let attempt = 0; !response; attempt += 1) {
    try {
      response = await send();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      const delay = retries[attempt];
      if (delay === undefined)
        throw new ApiError(
          call.failureMessage ? `${call.failureMessage}: Network Error` : 'Network Error',
          'network',
        );
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  const envelope = await readEnvelope<T>(response);
  const operationId = typeof envelope?.operation_id === 'string' ? envelope.operation_id : undefined;
  if (!response.ok) {
    const message = envelope?.message || httpFailureText(response, call);
    throw new ApiError(message, 'http', response.status, operationId);
  }
  if (!envelope || typeof envelope.success !== 'boolean')
    throw new ApiError(INVALID_RESPONSE, 'invalid-response', response.status);
  if (!envelope.success)
    throw new ApiError(
      envelope.message || call.rejectedMessage || call.failureMessage || 'Request failed',
      'rejected',
      response.status,
      operationId,
    );
  return { data: envelope.data as T, message: envelope.message };
}

function httpFailureText(response: Response, call: ApiCallOptions): string {
  const full = `${response.status} ${response.statusText}`.trim();
  if (!call.failureMessage) return full;
  const detail =
    call.failureDetail === 'none'
      ? ''
      : call.failureDetail === 'statusText'
        ? response.statusText || String(response.status)
        : full;
  return detail ? `${call.failureMessage}: ${detail}` : call.failureMessage;
}

export async function apiGet<T>(
  path: string,
  call: Omit<ApiCallOptions, 'method' | 'body'> = {},
): Promise<T> {
  return (await apiCall<T>(path, { ...call, method: 'GET' })).data;
}

export async function apiPost<T>(
  path: string,
  body: unknown,
  call: Omit<ApiCallOptions, 'method' | 'body'> = {},
): Promise<T> {
  return (await apiCall<T>(path, { ...call, method: 'POST', body: body ?? {} })).data;
}

async function readEnvelope<T>(response: Response): Promise<ApiEnvelope<T> | null> {
  try {
    const parsed: unknown = await response.json();
    return parsed !== null && typeof parsed === 'object' ? (parsed as ApiEnvelope<T>) : null;
  } catch {
    return null;
  }
}
