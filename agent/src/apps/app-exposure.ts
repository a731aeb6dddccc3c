/**
 * What the app manager does for the `expose` extension at each step of a deploy: the override file
 * before compose runs, the host-port check before `up`, the proxy route after it, and the route's
 * removal when the app stops being exposed through that proxy or is deleted.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeployment } from 'contract';
import type { DockerEngine } from '../docker/engine.js';
import { AgentError, AgentErrorCode } from '../errors.js';
import type { AppRecord, AppStore } from './app-store.js';
import {
  assertExposure,
  assertHostPortFree,
  emptyProxyNetwork,
  exposeOverride,
  ProxyRoutes,
  ROUTES_FOLDER,
  writeExposeOverride,
  type ProxyTarget,
} from './exposure.js';

export class AppExposure {
  private readonly routes: ProxyRoutes;

  constructor(
    private readonly store: AppStore,
    private readonly engine: DockerEngine,
  ) {
    this.routes = new ProxyRoutes(engine);
  }

  /**
   * Checks the exposure, writes the override file and returns it to append to the compose files
   * (null when the app has none). A proxy gets its routes folder before compose mounts it.
   */
  async overrideFile(record: AppRecord): Promise<string | null> {
    const { deployment } = record;
    if (deployment.exposure) assertExposure(deployment.exposure);
    const proxy = deployment.exposure?.kind === 'proxy' ? await this.proxyOf(deployment) : null;
    if (deployment.provides_expose)
      await mkdir(path.join(this.store.projectDir(deployment.app_id), ROUTES_FOLDER), { recursive: true });
    const override = exposeOverride(deployment, record.projectName, proxy?.projectName ?? null);
    return writeExposeOverride(this.store.appDir(deployment.app_id), override);
  }

  /** Expose Port: refused before `up` when anything else holds the host port. */
  async beforeUp(record: AppRecord): Promise<void> {
    const { exposure } = record.deployment;
    if (exposure?.kind === 'port')
      await assertHostPortFree(this.engine, record.projectName, exposure.host_port);
  }

  /** The check `beforeUp` makes, asked ahead: its refusal, or null when the port is free. */
  async hostPortRefusal(projectName: string | null, port: number): Promise<string | null> {
    try {
      await assertHostPortFree(this.engine, projectName, port);
      return null;
    } catch (error) {
      if (error instanceof AgentError && error.code === AgentErrorCode.ExposeRefused) return error.message;
      throw error;
    }
  }

  /** After `up`: the route through the chosen proxy, and none left in a proxy no longer chosen. */
  async afterUp(previous: AppRecord | null, record: AppRecord): Promise<void> {
    const { exposure, app_id: appId } = record.deployment;
    const before = previous?.deployment.exposure;
    const proxyId = exposure?.kind === 'proxy' ? exposure.proxy_app_id : null;
    if (before?.kind === 'proxy' && before.proxy_app_id !== proxyId)
      await this.removeRoute(before.proxy_app_id, appId);
    if (exposure?.kind === 'proxy')
      await this.routes.put(await this.proxyOf(record.deployment), appId, exposure, record.projectName);
  }

  /** The app's route goes from that proxy, if the proxy is still here. */
  private async removeRoute(proxyAppId: string, appId: string): Promise<void> {
    const proxy = await this.heldProxy(proxyAppId);
    if (proxy) await this.routes.remove(proxy, appId);
  }

  /**
   * The app is being removed: its route file goes (a proxy that cannot reload now reads it at its
   * next start). A proxy lets go of the apps exposed through it first (see releaseExposedApps).
   */
  async forget(record: AppRecord): Promise<void> {
    const { exposure, app_id: appId } = record.deployment;
    if (record.deployment.provides_expose) await this.releaseExposedApps(record);
    if (exposure?.kind !== 'proxy') return;
    await this.removeRoute(exposure.proxy_app_id, appId).catch(() => undefined);
  }

  /**
   * The apps exposed through a proxy that is being removed become unexposed, as the server records
   * them (None): their records and override files drop the exposure, so their next deploy or start
   * needs no proxy, and their containers leave the proxy's network, which then goes with the proxy.
   */
  private async releaseExposedApps(proxy: AppRecord): Promise<void> {
    const proxyId = proxy.deployment.app_id;
    for (const record of await this.store.list()) {
      const { exposure, ...unexposed } = record.deployment;
      if (exposure?.kind !== 'proxy' || exposure.proxy_app_id !== proxyId) continue;
      await writeExposeOverride(this.store.appDir(unexposed.app_id), null);
      await this.store.save({ ...record, deployment: unexposed });
    }
    await emptyProxyNetwork(this.engine, proxy.projectName);
  }

  private async proxyOf(deployment: AppDeployment): Promise<ProxyTarget> {
    const exposure = deployment.exposure;
    const proxy = exposure?.kind === 'proxy' ? await this.heldProxy(exposure.proxy_app_id) : null;
    if (!proxy)
      throw new AgentError(
        AgentErrorCode.ExposeRefused,
        'The proxy app chosen to expose this app is not deployed on this server',
      );
    return proxy;
  }

  private async heldProxy(proxyAppId: string): Promise<ProxyTarget | null> {
    const record = await this.store.get(proxyAppId).catch(() => null);
    const service = record?.deployment.provides_expose?.service;
    if (!record || !service) return null;
    return {
      appId: proxyAppId,
      projectName: record.projectName,
      projectDir: this.store.projectDir(proxyAppId),
      service,
    };
  }
}
