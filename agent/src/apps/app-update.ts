import type { AppDeployment, AppStatusEntry } from 'contract';
import type { ComposeProject } from '../docker/compose-project.js';
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
import type { AppRecord } from './app-store.js';
import { keepFailedDeployLogs } from './logs.js';

/**
 * Deploys new files of an app the agent holds. A failed update puts the previous files back.
 * Before `up` ran the previous containers were never touched; once it ran, `up` with the previous
 * files sets any it changed back.
 */
export async function updateApp(
  tools: AppTools,
  previous: AppRecord,
  record: AppRecord,
  operation: DeployOperation | undefined,
  observer: OperationObserver,
): Promise<AppStatusEntry> {
  const { deploy } = observer;
  let upRan = false;
  let up: HeldCommand | undefined;
  try {
    const project = await tools.files.write(record);
    await tools.files.removeDropped(previous, record.deployment);
    deploy?.mark('files');
    const admitted = await admit(tools, record, project, upSubcommand(operation), observer);
    up = admitted.next;
    await tools.store.save(record);
    deploy?.mark('saved');
    await tools.exposure.beforeUp(record);
    await tools.compose.pullImages(
      project,
      { everything: operation === 'update', model: admitted.model },
      observer,
    );
    deploy?.mark('images');
    upRan = true;
    await bringUp(tools, project, up, observer);
    await tools.exposure.afterUp(previous, record);
    return await statusAnswer(tools, record, observer);
  } catch (error) {
    await up?.discard();
    throw await rollingBack(observer, () =>
      restorePrevious(tools, previous, record.deployment, error, upRan, observer),
    );
  }
}

/** Puts the previous version back after `failure`; the error says what became of the app. */
async function restorePrevious(
  tools: AppTools,
  previous: AppRecord,
  failed: AppDeployment,
  failure: unknown,
  upRan: boolean,
  observer: OperationObserver,
): Promise<Error> {
  try {
    if (upRan) await keepFailedDeployLogs(tools.engine, previous.projectName, observer.transcript);
    const project = await restoreFiles(tools, previous, failed);
    await tools.store.save(previous);
    if (upRan) {
      await tools.compose.runOrThrow(project, upSubcommand(), observer);
      await tools.exposure.afterUp({ ...previous, deployment: failed }, previous);
    }
  } catch (error) {
    return withOutcome(failure, `Restoring the previous version failed too: ${messageOf(error)}`);
  }
  const containers = upRan ? 'its containers run it again' : 'its containers were left as they were';
  return withOutcome(failure, `The previous version was restored: its files are back and ${containers}.`);
}

/** A failed update leaves the app's folder as the running version had it. */
async function restoreFiles(
  tools: AppTools,
  previous: AppRecord,
  failed: AppDeployment,
): Promise<ComposeProject> {
  await tools.files.removeDropped({ ...previous, deployment: failed }, previous.deployment);
  return tools.files.write(previous);
}
