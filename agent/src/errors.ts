/**
 * The agent's coded error catalogue. Every failure the agent reports to the server carries a stable
 * code (for logs and tests) and a user-facing message; the server forwards the message unchanged.
 */
export const AgentErrorCode = {
  InvalidRequest: 'AGENT-001',
  InvalidFilename: 'AGENT-002',
  InvalidVariable: 'AGENT-003',
  InvalidProjectName: 'AGENT-004',
  DecryptionFailed: 'AGENT-005',
  ComposeFailed: 'AGENT-006',
  DockerUnavailable: 'AGENT-007',
  DockerApiError: 'AGENT-008',
  AppNotFound: 'AGENT-009',
  NetworkInvalid: 'AGENT-010',
  RegistryInvalid: 'AGENT-011',
  UnknownMethod: 'AGENT-012',
  UpdateFailed: 'AGENT-013',
  PolicyRefused: 'AGENT-014',
  HostConfigInvalid: 'AGENT-015',
  UpdateRefused: 'AGENT-016',
  UpdatesManagedOnHost: 'AGENT-017',
  VolumeInvalid: 'AGENT-018',
  /** The app uses a Compose feature the Compose on this server (v1) does not have. */
  ComposeUnsupported: 'AGENT-019',
  /** A feature the host's owner turned off (host-config.json "features"). */
  FeatureTurnedOff: 'AGENT-020',
  /** An exposure (domain, host port, proxy) the agent refuses to wire. */
  ExposeRefused: 'AGENT-021',
  /** A repeat of an operation the agent stopped in the middle of (operations/operation-journal.ts). */
  OperationInterrupted: 'AGENT-022',
  /** The user cancelled a running deploy (progress/deploy-tracker.ts); the app was put back. */
  Cancelled: 'AGENT-023',
} as const;

export type AgentErrorCodeValue = (typeof AgentErrorCode)[keyof typeof AgentErrorCode];

export class AgentError extends Error {
  constructor(
    readonly code: AgentErrorCodeValue,
    message: string,
  ) {
    super(message);
    this.name = 'AgentError';
  }
}

export function cancelledError(): AgentError {
  return new AgentError(AgentErrorCode.Cancelled, 'The deploy was cancelled.');
}

/**
 * An app operation's failure carries what compose printed before it (the deploy history's output):
 * set by AppManager on whatever it throws, read when the answer is sent.
 */
type WithOutput = Error & { deployOutput?: string };

export function attachOutput(error: unknown, output: string): unknown {
  if (error instanceof Error && output) (error as WithOutput).deployOutput = output;
  return error;
}

export function outputOf(error: unknown): string | undefined {
  return error instanceof Error ? (error as WithOutput).deployOutput : undefined;
}

/** Exact texts of spec section 5 that the agent re-checks (it never trusts the server blindly). */
export const ValidationText = {
  networkRequired: 'Network name is required',
} as const;
