/**
 * What every app operation (apps/app-create.ts, app-update.ts, app-control.ts) works with, and the
 * steps they share.
 */
import type { AppStatusEntry } from 'contract';
import type { ComposeRunner } from '../docker/compose.js';
import type { ComposeProject } from '../docker/compose-project.js';
import type { ComposeTranscript } from '../docker/compose-transcript.js';
import type { DockerEngine } from '../docker/engine.js';
import type { HeldCommand } from '../docker/held-command.js';
import { AgentError } from '../errors.js';
import type { Admission, Admitted } from '../policy/admission.js';
import type { DeployTracker } from '../progress/deploy-tracker.js';
import { reportServiceStates } from '../progress/service-states.js';
import type { AppExposure } from './app-exposure.js';
import type { AppFiles } from './app-files.js';
import type { AppStatuses } from './app-statuses.js';
import type { AppRecord, AppStore } from './app-store.js';

/**
 * Who watches one app operation, handed down to each compose command it runs: its transcript
 * and, for a deploy the server watches, its tracker.
 */
export interface OperationObserver {
  transcript: ComposeTranscript;
  deploy?: DeployTracker;
}

/** What an app operation works with; AppManager builds it once. */
export interface AppTools {
  store: AppStore;
  compose: ComposeRunner;
  admission: Admission;
  engine: DockerEngine;
  exposure: AppExposure;
  files: AppFiles;
  statuses: AppStatuses;
}

/** How a deploy was asked for: an update pulls every image, a redeploy recreates every container. */
export type DeployOperation = 'update' | 'redeploy';

/** `up` as a deploy runs it; a redeploy recreates every container. */
export function upSubcommand(operation?: DeployOperation): string[] {
  return ['up', '-d', '--remove-orphans', ...(operation === 'redeploy' ? ['--force-recreate'] : [])];
}

/** Admission of the app's files; `next` (the `up` after it) comes back held, see Admission.admit. */
export function admit(
  { admission, compose }: AppTools,
  record: AppRecord,
  project: ComposeProject,
  next: string[],
  observer: OperationObserver,
): Promise<Admitted> {
  const filenames = record.deployment.files.map((file) => file.filename);
  return admission.admit(compose, project, filenames, next, observer);
}

/** `up`, admitted and held, released once the images are pulled (see ComposeRunner.pullImages). */
export async function bringUp(
  { engine }: AppTools,
  project: ComposeProject,
  up: HeldCommand,
  { deploy }: OperationObserver,
): Promise<void> {
  await up.release();
  deploy?.mark('up');
  if (!deploy) return;
  await reportServiceStates(engine, project.name, deploy);
  deploy.mark('service-states');
}

/** The operation's answer: the app's status once it is done. */
export async function statusAnswer(
  { statuses }: AppTools,
  record: AppRecord,
  { deploy }: OperationObserver,
): Promise<AppStatusEntry> {
  const status = await statuses.of(record);
  deploy?.mark('status');
  return { app_id: record.deployment.app_id, status };
}

/** Puts an app back after a failure; in a watched deploy, as its 'rolling-back' step. */
export function rollingBack<T>({ deploy }: OperationObserver, work: () => Promise<T>): Promise<T> {
  return deploy ? deploy.rollback(work) : work();
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The original failure, with what became of the app appended to its message (same code). */
export function withOutcome(error: unknown, outcome: string): Error {
  const message = `${messageOf(error).replace(/\.?\s*$/, '.')} ${outcome}`;
  return error instanceof AgentError ? new AgentError(error.code, message) : new Error(message);
}
