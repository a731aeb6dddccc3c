import type { AppOperation, AppStatusEntry } from 'contract';
import type { AppRecord } from './app-store.js';
import { admit, statusAnswer, upSubcommand, type AppTools, type OperationObserver } from './app-operation.js';

/**
 * Start, stop or restart an app with the files it has (and update or redeploy when the server sent
 * no new ones). What creates containers passes admission again first.
 */
export async function controlApp(
  tools: AppTools,
  record: AppRecord,
  operation: AppOperation,
  observer: OperationObserver,
): Promise<AppStatusEntry> {
  const project = await tools.files.write(record);
  const subcommand: Record<AppOperation, string[]> = {
    start: upSubcommand(),
    stop: ['stop'],
    restart: ['restart'],
    update: upSubcommand(),
    redeploy: upSubcommand('redeploy'),
  };
  // The policy may have changed since the app was deployed: check again before creating anything.
  const createsContainers = operation !== 'stop' && operation !== 'restart';
  const admitted = createsContainers
    ? await admit(tools, record, project, subcommand[operation], observer)
    : undefined;
  try {
    record.desiredRunning = operation !== 'stop';
    await tools.store.save(record);
    if (admitted) {
      await tools.compose.pullImages(
        project,
        { everything: operation === 'update', model: admitted.model },
        observer,
      );
      await admitted.next.release();
    } else await tools.compose.runOrThrow(project, subcommand[operation], observer);
  } finally {
    await admitted?.next.discard();
  }
  return statusAnswer(tools, record, observer);
}
