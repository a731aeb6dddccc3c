/** The agent hub's error catalogue: a connected agent's certificate and its answers (spec section 5). */
import { DomainError } from '../errors/domain-error.js';

export const hubErrors = {
  certificateInvalid: () =>
    new DomainError('AGENT_CERT_INVALID', 'Invalid certificate format: not a valid PEM certificate'),
  certificateNotP256: () =>
    new DomainError('AGENT_CERT_NOT_P256', 'The certificate key must be an elliptic curve P-256 key'),
  timeout: (method: string, timeoutMs: number) =>
    new DomainError(
      'AGENT_TIMEOUT',
      `The agent did not answer in time (${method}, ${Math.round(timeoutMs / 1000)} s)`,
    ),
  /** The agent's own text when it sent one, with what compose printed before the failure. */
  agentFailed: (message: string, output?: string) =>
    new DomainError('AGENT_ERROR', message || 'The agent reported an error', output),
  disconnected: () => new DomainError('AGENT_DISCONNECTED', 'The agent disconnected before answering'),
  /** `what`: the download, e.g. 'agent bundle'. */
  downloadMissing: (what: string) =>
    new DomainError(
      'AGENT_DOWNLOAD_MISSING',
      `The ${what} is not available on this server (build the agent first)`,
    ),
} as const;
