import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { decryptSecret } from '../crypto/secrets.js';
import { composeSelectionOf, type ComposeRunner } from '../docker/compose.js';
import type { ComposeProject } from '../docker/compose-project.js';
import type { HeldCommand } from '../docker/held-command.js';
import { ComposeTranscript } from '../docker/compose-transcript.js';
import type { DockerEngine } from '../docker/engine.js';
import { PROJECT_LABEL, removeProjectResources } from '../docker/project-resources.js';
import { AgentError, AgentErrorCode, attachOutput } from '../errors.js';
import type { DeployTracker } from '../progress/deploy-tracker.js';
import { reportServiceStates } from '../progress/service-states.js';
import type { Admission, Admitted } from '../policy/admission.js';
import { type AppDeployment, type AppLogs, type AppOperation, type AppStatusEntry } from 'contract';
import type { AppRecord, AppStore } from './app-store.js';
import { AppExposure } from './app-exposure.js';
import { builtServicesOf } from './built-services.js';
import { keepFailedDeployLogs, readProjectLogs, type LogQuery } from './logs.js';
import { appStatusFromContainers, type ContainerState } from './status.js';
import { assertProjectName, assertVariableName, safeFilePath } from './validation.js';

/** An app's status after a deploy or control, with what compose printed. */
type DeployResult = AppStatusEntry & { output?: string };

/**
 * Who watches one app operation, handed down to each compose command it runs: its transcript
 * and, for a deploy the server watches, its tracker.
 */
interface OperationObserver {
  transcript: ComposeTranscript;
  deploy?: DeployTracker;
}

interface ContainerListEntry {
  State: string;
  Status: string;
  Labels: Record<string, string>;
}

/** Deploys and controls apps as compose projects; secrets are decrypted here and only here. */
export class AppManager {
  constructor(
    private readonly store: AppStore,
    private readonly compose: ComposeRunner,
    private readonly admission: Admission,
    private readonly engine: DockerEngine,
    private readonly privateKeyPem: string,
    private readonly projectPrefix: string,
  ) {
    this.exposure = new AppExposure(store, engine);
  }

  private readonly exposure: AppExposure;

  /** One operation at a time per app: a delete sent after a timed-out deploy waits for that deploy. */
  private readonly running = new Map<string, Promise<unknown>>();

  /** `tracker`: the deploy's, when the server watches it (progress/deploy-tracker.ts). */
  deploy(
    deployment: AppDeployment,
    operation?: 'update' | 'redeploy',
    tracker?: DeployTracker,
  ): Promise<DeployResult> {
    return this.recorded(deployment.app_id, tracker, (observer) =>
      this.deployNow(deployment, operation, observer),
    );
  }

  private async deployNow(
    deployment: AppDeployment,
    operation: 'update' | 'redeploy' | undefined,
    observer: OperationObserver,
  ): Promise<AppStatusEntry> {
    const projectName = `${this.projectPrefix}${deployment.project}`;
    assertProjectName(projectName);
    this.store.appDir(deployment.app_id); // refuses a bad app id before anything is written
    const record: AppRecord = { deployment, projectName, desiredRunning: true };
    const previous = await this.store.get(deployment.app_id);
    return previous
      ? this.updateNow(previous, record, operation, observer)
      : this.createNow(record, operation, observer);
  }

  /** A create that fails at any step leaves nothing: no folder, file, container, network or volume. */
  private async createNow(
    record: AppRecord,
    operation: 'update' | 'redeploy' | undefined,
    observer: OperationObserver,
  ): Promise<AppStatusEntry> {
    const { deploy } = observer;
    let composeRan = false;
    let up: HeldCommand | undefined;
    try {
      const project = await this.prepare(record);
      deploy?.mark('files');
      const admitted = await this.admit(record, project, upSubcommand(operation), observer);
      up = admitted.next;
      // Saved before compose runs: if the agent stops in the middle, the app can still be deleted.
      await this.store.save(record);
      deploy?.mark('saved');
      await this.exposure.beforeUp(record);
      composeRan = true;
      await this.compose.pullImages(
        project,
        { everything: operation === 'update', model: admitted.model },
        observer,
      );
      deploy?.mark('images');
      await this.bringUp(project, up, observer);
      await this.exposure.afterUp(null, record);
      return { app_id: record.deployment.app_id, status: await this.statusOf(record, observer) };
    } catch (error) {
      await up?.discard();
      throw await rollingBack(observer, () => this.discardCreate(record, error, composeRan, observer));
    }
  }

  private async discardCreate(
    record: AppRecord,
    failure: unknown,
    composeRan: boolean,
    { transcript }: OperationObserver,
  ): Promise<Error> {
    try {
      if (composeRan) await keepFailedDeployLogs(this.engine, record.projectName, transcript);
      if (composeRan) await this.removeEverything(record, false, transcript);
      else await this.store.remove(record.deployment.app_id);
    } catch (error) {
      return withOutcome(failure, `Removing what it left failed too: ${messageOf(error)}`);
    }
    return withOutcome(failure, 'The app was not created and nothing of it was left on the server.');
  }

  /**
   * A failed update puts the previous files back. Before `up` ran the previous containers were
   * never touched; once it ran, `up` with the previous files sets any it changed back.
   */
  private async updateNow(
    previous: AppRecord,
    record: AppRecord,
    operation: 'update' | 'redeploy' | undefined,
    observer: OperationObserver,
  ): Promise<AppStatusEntry> {
    const { deploy } = observer;
    let upRan = false;
    let up: HeldCommand | undefined;
    try {
      const project = await this.prepare(record);
      await this.removeDroppedFiles(previous, record.deployment);
      deploy?.mark('files');
      const admitted = await this.admit(record, project, upSubcommand(operation), observer);
      up = admitted.next;
      await this.store.save(record);
      deploy?.mark('saved');
      await this.exposure.beforeUp(record);
      await this.compose.pullImages(
        project,
        { everything: operation === 'update', model: admitted.model },
        observer,
      );
      deploy?.mark('images');
      upRan = true;
      await this.bringUp(project, up, observer);
      await this.exposure.afterUp(previous, record);
      return { app_id: record.deployment.app_id, status: await this.statusOf(record, observer) };
    } catch (error) {
      await up?.discard();
      throw await rollingBack(observer, () =>
        this.restorePrevious(previous, record.deployment, error, upRan, observer),
      );
    }
  }

  /** Puts the previous version back after `failure`; the error says what became of the app. */
  private async restorePrevious(
    previous: AppRecord,
    failed: AppDeployment,
    failure: unknown,
    upRan: boolean,
    observer: OperationObserver,
  ): Promise<Error> {
    try {
      if (upRan) await keepFailedDeployLogs(this.engine, previous.projectName, observer.transcript);
      const project = await this.restoreFiles(previous, failed);
      await this.store.save(previous);
      if (upRan) {
        await this.compose.runOrThrow(project, upSubcommand(), observer);
        await this.exposure.afterUp({ ...previous, deployment: failed }, previous);
      }
    } catch (error) {
      return withOutcome(failure, `Restoring the previous version failed too: ${messageOf(error)}`);
    }
    const containers = upRan ? 'its containers run it again' : 'its containers were left as they were';
    return withOutcome(failure, `The previous version was restored: its files are back and ${containers}.`);
  }

  /** Admission of the app's files; `next` (the `up` after it) comes back held, see Admission.admit. */
  private admit(
    record: AppRecord,
    project: ComposeProject,
    next: string[],
    observer: OperationObserver,
  ): Promise<Admitted> {
    return this.admission.admit(this.compose, project, filenamesOf(record.deployment), next, observer);
  }

  /** `up`, admitted and held, released once the images are pulled (see ComposeRunner.pullImages). */
  private async bringUp(
    project: ComposeProject,
    up: HeldCommand,
    { deploy }: OperationObserver,
  ): Promise<void> {
    await up.release();
    deploy?.mark('up');
    if (!deploy) return;
    await reportServiceStates(this.engine, project.name, deploy);
    deploy.mark('service-states');
  }

  /** `tracker`: an update's or a redeploy's, when the server watches it. */
  control(
    appId: string,
    operation: AppOperation,
    deployment?: AppDeployment,
    tracker?: DeployTracker,
  ): Promise<DeployResult> {
    return this.recorded(appId, tracker, (observer) =>
      this.controlNow(appId, operation, deployment, observer),
    );
  }

  private async controlNow(
    appId: string,
    operation: AppOperation,
    deployment: AppDeployment | undefined,
    observer: OperationObserver,
  ): Promise<AppStatusEntry> {
    if ((operation === 'update' || operation === 'redeploy') && deployment)
      return this.deployNow(deployment, operation, observer);
    const record = await this.requireRecord(appId);
    const project = await this.prepare(record);
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
      ? await this.admit(record, project, subcommand[operation], observer)
      : undefined;
    try {
      record.desiredRunning = operation !== 'stop';
      await this.store.save(record);
      if (admitted) {
        await this.compose.pullImages(
          project,
          { everything: operation === 'update', model: admitted.model },
          observer,
        );
        await admitted.next.release();
      } else await this.compose.runOrThrow(project, subcommand[operation], observer);
    } finally {
      await admitted?.next.discard();
    }
    return { app_id: appId, status: await this.statusOf(record, observer) };
  }

  /**
   * Removes everything the app made (containers, networks, named volumes unless kept, images built
   * for it), then its folder. A removal that fails keeps the folder, so the delete can be retried.
   */
  delete(
    appId: string,
    options: { keepVolumes?: boolean } = {},
  ): Promise<{ deleted: boolean; output?: string }> {
    return this.recorded(appId, undefined, async ({ transcript }) => {
      const record = await this.store.get(appId);
      if (record) await this.removeEverything(record, options.keepVolumes ?? false, transcript);
      else await this.store.remove(appId);
      return { deleted: record !== null };
    });
  }

  /**
   * After a deploy the agent stopped in the middle of (start-up, see operations/interrupted.ts): an
   * app without app.json never became an app (its create stopped before the record was written), so
   * whatever it wrote or started goes: its compose project's resources and its folder. An app with
   * app.json is left as it is; the server finishes or rolls it back by its rule. True when removed.
   */
  discardUnsavedCreate(appId: string, project: string): Promise<boolean> {
    return this.serially(appId, async () => {
      if (await this.store.get(appId)) return false;
      const projectName = `${this.projectPrefix}${project}`;
      assertProjectName(projectName);
      await removeProjectResources(this.engine, projectName, { keepVolumes: false, builtServices: [] });
      await this.store.remove(appId);
      return true;
    });
  }

  /** compose project name → app id, for every app this agent holds. */
  async appsByProject(): Promise<Map<string, string>> {
    const records = await this.store.list();
    return new Map(records.map((record) => [record.projectName, record.deployment.app_id]));
  }

  async statuses(): Promise<AppStatusEntry[]> {
    const records = await this.store.list();
    const byProject = await this.containersByProject();
    return records.map((record) => ({
      app_id: record.deployment.app_id,
      status: appStatusFromContainers(byProject.get(record.projectName) ?? [], record.desiredRunning),
    }));
  }

  /** Why Expose Port on `port` would be refused for the app (empty id: a new one), or null. */
  async hostPortRefusal(appId: string, port: number): Promise<{ refusal: string | null }> {
    const record = appId ? await this.store.get(appId) : null;
    return { refusal: await this.exposure.hostPortRefusal(record?.projectName ?? null, port) };
  }

  async logs(appId: string, query: LogQuery): Promise<AppLogs> {
    const record = await this.requireRecord(appId);
    return readProjectLogs(this.engine, record.projectName, query);
  }

  private async statusOf(record: AppRecord, { deploy }: OperationObserver): Promise<number> {
    const containers = (await this.containersByProject()).get(record.projectName) ?? [];
    deploy?.mark('status');
    return appStatusFromContainers(containers, record.desiredRunning);
  }

  private async containersByProject(): Promise<Map<string, ContainerState[]>> {
    const filters = encodeURIComponent(JSON.stringify({ label: [PROJECT_LABEL] }));
    const list = await this.engine.json<ContainerListEntry[]>(
      'GET',
      `/containers/json?all=1&filters=${filters}`,
    );
    const byProject = new Map<string, ContainerState[]>();
    for (const container of list) {
      const project = container.Labels[PROJECT_LABEL];
      if (!project?.startsWith(this.projectPrefix)) continue;
      const states = byProject.get(project) ?? [];
      states.push({ state: container.State, status: container.Status });
      byProject.set(project, states);
    }
    return byProject;
  }

  /** Files the previous deployment wrote and this one no longer has (data folders are untouched). */
  private async removeDroppedFiles(previous: AppRecord | null, deployment: AppDeployment): Promise<void> {
    if (!previous) return;
    const kept = new Set(deployment.files.map((file) => file.filename));
    const directory = this.store.projectDir(deployment.app_id);
    for (const file of previous.deployment.files) {
      if (!kept.has(file.filename)) await rm(safeFilePath(directory, file.filename), { force: true });
    }
  }

  /** A failed update leaves the app's folder as the running version had it. */
  private async restoreFiles(previous: AppRecord, failed: AppDeployment): Promise<ComposeProject> {
    await this.removeDroppedFiles({ ...previous, deployment: failed }, previous.deployment);
    return this.prepare(previous);
  }

  private async removeEverything(
    record: AppRecord,
    keepVolumes: boolean,
    transcript: ComposeTranscript,
  ): Promise<void> {
    const { app_id: appId } = record.deployment;
    const builtServices = await builtServicesOf(this.store.projectDir(appId), composeFilesToRemove(record));
    await this.exposure.forget(record);
    await removeProjectResources(this.engine, record.projectName, { keepVolumes, builtServices });
    await this.store.remove(appId);
    transcript.note(
      `Removed the app's containers, networks, ${keepVolumes ? '' : 'named volumes, '}images built for it and its files` +
        (keepVolumes ? '; its data volumes were kept.' : '.'),
    );
  }

  /**
   * Runs an operation of the app after the one before it, recording what compose prints: the
   * result carries it as `output`, a failure as its attached output (see errors.ts).
   */
  private recorded<T extends object>(
    appId: string,
    tracker: DeployTracker | undefined,
    work: (observer: OperationObserver) => Promise<T>,
  ): Promise<T & { output?: string }> {
    return this.serially(appId, async () => {
      const transcript = new ComposeTranscript();
      try {
        const result = await work({ transcript, deploy: tracker });
        const output = transcript.text();
        return output ? { ...result, output } : result;
      } catch (error) {
        throw attachOutput(error, transcript.text());
      }
    });
  }

  private serially<T>(appId: string, work: () => Promise<T>): Promise<T> {
    const next = (this.running.get(appId) ?? Promise.resolve()).catch(() => undefined).then(work);
    this.running.set(appId, next);
    const forget = () => {
      if (this.running.get(appId) === next) this.running.delete(appId);
    };
    next.then(forget, forget);
    return next;
  }

  private async requireRecord(appId: string): Promise<AppRecord> {
    const record = await this.store.get(appId);
    if (!record)
      throw new AgentError(AgentErrorCode.AppNotFound, `App ${appId} is not deployed on this server`);
    return record;
  }

  /** Validates everything first, then writes the files and decrypts the variables for compose. */
  private async prepare(record: AppRecord): Promise<ComposeProject> {
    const { deployment } = record;
    const directory = this.store.projectDir(deployment.app_id);
    const targets = deployment.files.map((file) => ({
      file,
      target: safeFilePath(directory, file.filename),
    }));
    deployment.variables.forEach((variable) => assertVariableName(variable.name));
    const { files: composeFiles, profiles } = composeSelectionOf(deployment);
    const variables: Record<string, string> = {};
    for (const variable of deployment.variables) {
      variables[variable.name] = variable.is_encrypted
        ? await decryptSecret(variable.value, this.privateKeyPem, `variable ${variable.name}`)
        : variable.value;
    }
    await mkdir(directory, { recursive: true, mode: 0o700 });
    for (const { file, target } of targets) {
      const content = file.is_encrypted
        ? await decryptSecret(file.content, this.privateKeyPem, `file ${file.filename}`)
        : file.content;
      await mkdir(path.dirname(target), { recursive: true });
      await rm(target, { force: true });
      await writeFile(target, content, { mode: file.is_encrypted ? 0o600 : 0o644 });
      await chmod(target, file.is_encrypted ? 0o600 : 0o644);
    }
    // The one addition to the app's compose files: the agent's own override, beside the user's files.
    const override = await this.exposure.overrideFile(record);
    return {
      name: record.projectName,
      directory,
      composeFiles: override ? [...composeFiles, override] : composeFiles,
      profiles,
      variables,
      envFile: path.join(this.store.appDir(deployment.app_id), 'compose.env'),
    };
  }
}

/** The compose files that may name images built for the app; none when its selection is refused. */
function composeFilesToRemove(record: AppRecord): string[] {
  try {
    return composeSelectionOf(record.deployment).files;
  } catch {
    return [];
  }
}

/** `up` as a deploy runs it; a redeploy recreates every container. */
function upSubcommand(operation?: 'update' | 'redeploy'): string[] {
  return ['up', '-d', '--remove-orphans', ...(operation === 'redeploy' ? ['--force-recreate'] : [])];
}

function filenamesOf(deployment: AppDeployment): string[] {
  return deployment.files.map((file) => file.filename);
}

/** Puts an app back after a failure; in a watched deploy, as its 'rolling-back' step. */
function rollingBack<T>({ deploy }: OperationObserver, work: () => Promise<T>): Promise<T> {
  return deploy ? deploy.rollback(work) : work();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The original failure, with what became of the app appended to its message (same code). */
function withOutcome(error: unknown, outcome: string): Error {
  const message = `${messageOf(error).replace(/\.?\s*$/, '.')} ${outcome}`;
  return error instanceof AgentError ? new AgentError(error.code, message) : new Error(message);
}
