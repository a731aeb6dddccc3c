import type { AppDeployment, AppLogs, AppOperation, AppStatusEntry } from 'contract';
import type { ComposeRunner } from '../docker/compose.js';
import { ComposeTranscript } from '../docker/compose-transcript.js';
import type { DockerEngine } from '../docker/engine.js';
import { removeProjectResources } from '../docker/project-resources.js';
import { AgentError, AgentErrorCode, attachOutput } from '../errors.js';
import type { Admission } from '../policy/admission.js';
import type { DeployTracker } from '../progress/deploy-tracker.js';
import { controlApp } from './app-control.js';
import { createApp } from './app-create.js';
import { AppExposure } from './app-exposure.js';
import { AppFiles } from './app-files.js';
import type { AppTools, DeployOperation, OperationObserver } from './app-operation.js';
import { removeApp } from './app-removal.js';
import { AppStatuses } from './app-statuses.js';
import type { AppRecord, AppStore } from './app-store.js';
import { updateApp } from './app-update.js';
import { readProjectLogs, type LogQuery } from './logs.js';
import { assertProjectName } from './validation.js';

/** An app's status after a deploy or control, with what compose printed. */
type DeployResult = AppStatusEntry & { output?: string };

/**
 * Deploys and controls apps as compose projects, one operation at a time per app, each recorded
 * (what compose printed goes with its answer). The operations themselves: app-create.ts,
 * app-update.ts (with their rollbacks), app-control.ts, app-removal.ts.
 */
export class AppManager {
  private readonly tools: AppTools;

  /** One operation at a time per app: a delete sent after a timed-out deploy waits for that deploy. */
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: AppStore,
    compose: ComposeRunner,
    admission: Admission,
    private readonly engine: DockerEngine,
    privateKeyPem: string,
    private readonly projectPrefix: string,
  ) {
    const exposure = new AppExposure(store, engine);
    this.tools = {
      store,
      compose,
      admission,
      engine,
      exposure,
      files: new AppFiles(store, exposure, privateKeyPem),
      statuses: new AppStatuses(engine, projectPrefix),
    };
  }

  /** `tracker`: the deploy's, when the server watches it (progress/deploy-tracker.ts). */
  deploy(
    deployment: AppDeployment,
    operation?: DeployOperation,
    tracker?: DeployTracker,
  ): Promise<DeployResult> {
    return this.recorded(deployment.app_id, tracker, (observer) =>
      this.deployNow(deployment, operation, observer),
    );
  }

  /** A create for an app new to this agent, an update for one it holds. */
  private async deployNow(
    deployment: AppDeployment,
    operation: DeployOperation | undefined,
    observer: OperationObserver,
  ): Promise<AppStatusEntry> {
    const projectName = `${this.projectPrefix}${deployment.project}`;
    assertProjectName(projectName);
    this.store.appDir(deployment.app_id); // refuses a bad app id before anything is written
    const record: AppRecord = { deployment, projectName, desiredRunning: true };
    const previous = await this.store.get(deployment.app_id);
    return previous
      ? updateApp(this.tools, previous, record, operation, observer)
      : createApp(this.tools, record, operation, observer);
  }

  /** `tracker`: an update's or a redeploy's, when the server watches it. */
  control(
    appId: string,
    operation: AppOperation,
    deployment?: AppDeployment,
    tracker?: DeployTracker,
  ): Promise<DeployResult> {
    return this.recorded(appId, tracker, async (observer) => {
      if ((operation === 'update' || operation === 'redeploy') && deployment)
        return this.deployNow(deployment, operation, observer);
      return controlApp(this.tools, await this.requireRecord(appId), operation, observer);
    });
  }

  /** Removes everything the app made (see app-removal.ts); a failed removal can be retried. */
  delete(
    appId: string,
    options: { keepVolumes?: boolean } = {},
  ): Promise<{ deleted: boolean; output?: string }> {
    return this.recorded(appId, undefined, async ({ transcript }) => {
      const record = await this.store.get(appId);
      if (record) await removeApp(this.tools, record, options.keepVolumes ?? false, transcript);
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
    return this.tools.statuses.all(await this.store.list());
  }

  /** Why Expose Port on `port` would be refused for the app (empty id: a new one), or null. */
  async hostPortRefusal(appId: string, port: number): Promise<{ refusal: string | null }> {
    const record = appId ? await this.store.get(appId) : null;
    return { refusal: await this.tools.exposure.hostPortRefusal(record?.projectName ?? null, port) };
  }

  async logs(appId: string, query: LogQuery): Promise<AppLogs> {
    const record = await this.requireRecord(appId);
    return readProjectLogs(this.engine, record.projectName, query);
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
}
