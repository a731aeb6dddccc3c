import type { AppStatusEntry } from 'contract';
import type { HeldCommand } from '../docker/held-command.js';
import {
  admit,
  bringUp,
  messageOf,
  rollingBack,
  statusAnswer,
  upSubcommand,
  withOutcome,
  type AppTools,
  type DeployOperation,
  type OperationObserver,
} from './app-operation.js';
import { removeApp } from './app-removal.js';
import type { AppRecord } from './app-store.js';
import { keepFailedDeployLogs } from './logs.js';

/**
 * Deploys an app new to this agent. A create that fails at any step leaves nothing: no folder,
 * file, container, network or volume.
 */
export async function createApp(
  tools: AppTools,
  record: AppRecord,
  operation: DeployOperation | undefined,
  observer: OperationObserver,
): Promise<AppStatusEntry> {
  const { deploy } = observer;
  let composeRan = false;
  let up: HeldCommand | undefined;
  try {
    const project = await tools.files.write(record);
    deploy?.mark('files');
    const admitted = await admit(tools, record, project, upSubcommand(operation), observer);
    up = admitted.next;
    // Saved before compose runs: if the agent stops in the middle, the app can still be deleted.
    await tools.store.save(record);
    deploy?.mark('saved');
    await tools.exposure.beforeUp(record);
    composeRan = true;
    await tools.compose.pullImages(
      project,
      { everything: operation === 'update', model: admitted.model },
      observer,
    );
    deploy?.mark('images');
    await bringUp(tools, project, up, observer);
    await tools.exposure.afterUp(null, record);
    return await statusAnswer(tools, record, observer);
  } catch (error) {
    await up?.discard();
    throw await rollingBack(observer, () => discardCreate(tools, record, error, composeRan, observer));
  }
}

/** Removes what the failed create left; the error says whether anything of it stayed. */
async function discardCreate(
  tools: AppTools,
  record: AppRecord,
  failure: unknown,
  composeRan: boolean,
  { transcript }: OperationObserver,
): Promise<Error> {
  try {
    if (composeRan) await keepFailedDeployLogs(tools.engine, record.projectName, transcript);
    if (composeRan) await removeApp(tools, record, false, transcript);
    else await tools.store.remove(record.deployment.app_id);
  } catch (error) {
    return withOutcome(failure, `Removing what it left failed too: ${messageOf(error)}`);
  }
  return withOutcome(failure, 'The app was not created and nothing of it was left on the server.');
}
