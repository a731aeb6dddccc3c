import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AGENT_UPDATE_CAPABILITY, encodeUpdateOutcome, type NamedValue } from 'contract';

/**
 * What the agent and its launcher tell each other over the launcher's IPC channel: the running
 * agent asks to `switch` to a verified bundle it staged at `{bundle}.next`, and a freshly started
 * agent says it is `healthy` (connected and reported) so its trial ends.
 */
export type AgentToLauncher =
  { type: 'switch'; version: string; from: string } | { type: 'healthy'; version: string };

/** The outcome of the last update, written by the launcher only, reported by the agent. */
export interface UpdateState {
  status: 'trial' | 'succeeded' | 'rolled_back';
  version: string;
  previous_version: string;
  reason?: string;
  at: number;
}

const UPDATE_STATE_FILE = 'agent-update.json';
export const nextBundle = (bundlePath: string) => `${bundlePath}.next`;
export const previousBundle = (bundlePath: string) => `${bundlePath}.previous`;

export async function readUpdateState(stateDir: string): Promise<UpdateState | null> {
  try {
    const state = JSON.parse(await readFile(path.join(stateDir, UPDATE_STATE_FILE), 'utf8')) as UpdateState;
    return typeof state?.status === 'string' && typeof state.version === 'string' ? state : null;
  } catch {
    return null;
  }
}

export async function writeUpdateState(stateDir: string, state: UpdateState): Promise<void> {
  const file = path.join(stateDir, UPDATE_STATE_FILE);
  await writeFile(`${file}.tmp`, `${JSON.stringify(state)}\n`, { mode: 0o600 });
  await rename(`${file}.tmp`, file);
}

/**
 * The `agent_update` capability of the agent running `version`. Its own report is what ends its
 * trial, so a trial of this very version is reported as succeeded.
 */
export function updateOutcomeCapability(state: UpdateState | null, version: string): NamedValue | null {
  if (!state) return null;
  const status = state.status === 'trial' && state.version === version ? 'succeeded' : state.status;
  if (status === 'trial') return null;
  return {
    name: AGENT_UPDATE_CAPABILITY,
    value: encodeUpdateOutcome({
      status,
      version: state.version,
      previous_version: state.previous_version,
      ...(state.reason ? { reason: state.reason } : {}),
      at: state.at,
    }),
  };
}
