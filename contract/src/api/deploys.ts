/**
 * The HTTP answers about an app's deploys (issue 14) as TypeBox schemas: the server's route
 * response schemas (so the serializer keeps every field, and /api/docs shows them) and the types
 * its services return and the dashboard reads. `shared` imports these types only (`import type`),
 * so no schema code reaches a browser bundle.
 */
import type { Static } from '@sinclair/typebox';
import { Type } from '../protocol/type.js';
import { DeployProgress } from '../protocol/deploy-progress.js';
import { literals } from '../protocol/literals.js';
import { DEPLOY_ACTIONS, DEPLOY_RESULTS } from '../rules/deploy-history.js';

const nullableText = Type.Union([Type.String(), Type.Null()]);

/** The app's deploy that runs now (get-deploy-progress), with the latest progress its agent reported. */
export const RunningDeploy = Type.Object({
  /** The operation: its entry in the deploy history, and what cancel-deploy names. */
  id: Type.String(),
  action: literals(DEPLOY_ACTIONS),
  version: nullableText,
  started_at: Type.Number(),
  /** On the server's clock, when this answer was made. */
  elapsed_ms: Type.Number(),
  /** Null until the agent's first event (or for an agent that predates progress events). */
  progress: Type.Union([DeployProgress, Type.Null()]),
});
export type RunningDeploy = Static<typeof RunningDeploy>;

/** One deploy of an app's history (get-deploy-history), newest first; its output comes on request. */
export const DeployHistoryEntry = Type.Object({
  id: Type.String(),
  action: literals(DEPLOY_ACTIONS),
  version: nullableText,
  result: literals(DEPLOY_RESULTS),
  /** What the user was told when it failed; null otherwise. */
  message: nullableText,
  /** Who started it: their name, or their email; null when the account is gone. */
  user: nullableText,
  started_at: Type.Number(),
  /** Milliseconds until the agent answered; null while running. */
  duration_ms: Type.Union([Type.Number(), Type.Null()]),
  /** Length of the recorded compose output (0: none came back). */
  output_chars: Type.Integer(),
});
export type DeployHistoryEntry = Static<typeof DeployHistoryEntry>;
