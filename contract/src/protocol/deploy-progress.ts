/**
 * A deploy as it runs (issue 14, 'Deploys you can watch'): the agent reads what compose prints
 * into this snapshot and sends it as a `deploy-progress` event while the operation is in flight
 * (never otherwise); the server keeps the latest one per running operation in memory and drops it
 * when the operation ends; the dashboard reads it while the app has a deploy running.
 */
import type { Static } from '@sinclair/typebox';
import { Type } from './type.js';
import { literals } from './literals.js';

/** What the deploy does now. `rolling-back`: it failed or was cancelled and the agent puts the app back. */
export const DEPLOY_STEPS = ['preparing', 'pulling', 'building', 'starting', 'rolling-back'] as const;
export type DeployStep = (typeof DEPLOY_STEPS)[number];

const IMAGE_PULL_STATES = ['pulling', 'pulled', 'failed'] as const;
export const SERVICE_STATES = [
  'creating',
  'recreating',
  'created',
  'starting',
  'started',
  'waiting',
  'healthy',
  'unhealthy',
  'running',
  'exited',
  'failed',
] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];

/** One image compose pulls, per service. Layers and bytes are known only when compose prints them (v2). */
export const ImagePull = Type.Object({
  service: Type.String(),
  state: literals(IMAGE_PULL_STATES),
  layers_total: Type.Integer({ minimum: 0 }),
  layers_done: Type.Integer({ minimum: 0 }),
  /** Bytes downloaded and to download over the layers seen downloading; 0 when none printed it. */
  bytes_done: Type.Number({ minimum: 0 }),
  bytes_total: Type.Number({ minimum: 0 }),
});
export type ImagePull = Static<typeof ImagePull>;

/** The last lines a service's build printed (BUILD_LINES_KEPT at most). */
export const ServiceBuild = Type.Object({
  service: Type.String(),
  done: Type.Boolean(),
  lines: Type.Array(Type.String()),
});
export type ServiceBuild = Static<typeof ServiceBuild>;

export const ServiceProgress = Type.Object({
  service: Type.String(),
  state: literals(SERVICE_STATES),
  /** Milliseconds since the deploy started when it reached this state. */
  at_ms: Type.Number({ minimum: 0 }),
});
export type ServiceProgress = Static<typeof ServiceProgress>;

export const DeployProgress = Type.Object({
  step: literals(DEPLOY_STEPS),
  images: Type.Array(ImagePull),
  builds: Type.Array(ServiceBuild),
  services: Type.Array(ServiceProgress),
  /** The user asked to cancel: the agent stopped compose and puts the app back. */
  cancelled: Type.Boolean(),
});
export type DeployProgress = Static<typeof DeployProgress>;

/** A build's output is kept to its last lines: enough to see where it is, bounded per event. */
export const BUILD_LINES_KEPT = 30;
/** The agent sends at most one event per operation in this interval (the last state always goes). */
export const PROGRESS_EVENT_INTERVAL_MS = 250;
