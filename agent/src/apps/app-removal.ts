import { composeSelectionOf } from '../docker/compose.js';
import type { ComposeTranscript } from '../docker/compose-transcript.js';
import { removeProjectResources } from '../docker/project-resources.js';
import type { AppTools } from './app-operation.js';
import type { AppRecord } from './app-store.js';
import { builtServicesOf } from './built-services.js';

/**
 * Removes everything the app made (containers, networks, named volumes unless kept, images built
 * for it), then its folder. A removal that fails keeps the folder, so it can be tried again.
 */
export async function removeApp(
  { store, exposure, engine }: Pick<AppTools, 'store' | 'exposure' | 'engine'>,
  record: AppRecord,
  keepVolumes: boolean,
  transcript: ComposeTranscript,
): Promise<void> {
  const { app_id: appId } = record.deployment;
  const builtServices = await builtServicesOf(store.projectDir(appId), composeFilesToRemove(record));
  await exposure.forget(record);
  await removeProjectResources(engine, record.projectName, { keepVolumes, builtServices });
  await store.remove(appId);
  transcript.note(
    `Removed the app's containers, networks, ${keepVolumes ? '' : 'named volumes, '}images built for it and its files` +
      (keepVolumes ? '; its data volumes were kept.' : '.'),
  );
}

/** The compose files that may name images built for the app; none when its selection is refused. */
function composeFilesToRemove(record: AppRecord): string[] {
  try {
    return composeSelectionOf(record.deployment).files;
  } catch {
    return [];
  }
}
