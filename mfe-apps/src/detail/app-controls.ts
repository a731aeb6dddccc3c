import type { AppOperation, AppStatusCode } from 'shared';

/** Spec section 9: polling resumes 2 s after a control action; the transition marker lasts 15 s at most. */
export const POLL_RESUME_MS = 2_000;
export const TRANSITION_MAX_MS = 15_000;
/** A status update counts as the outcome only when it arrives at least 1 s after the action. */
const TRANSITION_MIN_UPDATE_MS = 1_000;

const ACTIVE: AppStatusCode = 1;
const RESTARTING: AppStatusCode = 3;
const STOPPED: AppStatusCode = 5;

export interface ControlAvailability {
  start: boolean;
  stop: boolean;
  restart: boolean;
  update: boolean;
}

/**
 * Which controls are enabled (spec section 4): Start not when active or restarting; Stop and
 * Restart not when stopped; none while an operation or the transition window runs.
 */
export function controlAvailability(status: AppStatusCode | null, busy: boolean): ControlAvailability {
  if (busy) return { start: false, stop: false, restart: false, update: false };
  return {
    start: status !== ACTIVE && status !== RESTARTING,
    stop: status !== STOPPED,
    restart: status !== STOPPED,
    update: true,
  };
}

/** Whether the transition marker of an action started at `startedAt` is over. */
export function isTransitionOver(startedAt: number, now: number, statusUpdatedAt: number | null): boolean {
  if (now - startedAt >= TRANSITION_MAX_MS) return true;
  return statusUpdatedAt !== null && statusUpdatedAt - startedAt >= TRANSITION_MIN_UPDATE_MS;
}

export const OPERATION_DONE: Record<AppOperation, string> = {
  start: 'App started',
  stop: 'App stopped',
  restart: 'App restarted',
  update: 'App updated',
  redeploy: 'App redeployed',
};

/** Spec section 8, control toasts ('Failed to deploy the app...' for a redeploy). */
export function operationFailure(operation: AppOperation): string {
  return `Failed to ${operation === 'redeploy' ? 'deploy' : operation} the app. Please try again.`;
}

/** What the status badge says while an operation runs. */
export const OPERATION_RUNNING: Record<AppOperation, string> = {
  start: 'Starting...',
  stop: 'Stopping...',
  restart: 'Restarting...',
  update: 'Updating...',
  redeploy: 'Deploying...',
};
