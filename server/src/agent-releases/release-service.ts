import type { Static } from '@sinclair/typebox';
import { AGENT_UPDATES_CAPABILITY, decodeUpdateSetting, type NamedValue } from 'contract';
import type { AgentRecord } from '../agents/agent-store.js';
import { requireOnline } from '../agents/agent-access.js';
import { readFile } from 'node:fs/promises';
import {
  compareVersions,
  sameVersion,
  sortVersionsDescending,
  VERSION_PATTERN,
} from '../catalog/versions.js';
import type { AppContext } from '../context.js';
import { Type } from '@sinclair/typebox';
import type { AgentHub } from '../hub/agent-hub.js';
import { releaseErrors } from './errors.js';
import { listAgentReleases, type AgentRelease } from './release-store.js';

/** Spec section 3, 'Agent version'. */
export const AgentVersionView = Type.Object({
  version_number: Type.String(),
  name: Type.String(),
  is_beta: Type.Boolean(),
  message: Type.String(),
  /** Release notes. */
  url: Type.String(),
});
export type AgentVersionView = Static<typeof AgentVersionView>;

function capability(agent: AgentRecord, name: string): string | null {
  try {
    const list = JSON.parse(agent.capabilities) as NamedValue[];
    return (Array.isArray(list) ? list : []).find((entry) => entry?.name === name)?.value ?? null;
  } catch {
    return null;
  }
}

/** The host's decision the agent reports (`agent_updates`): the dashboard offers only what it allows. */
function hostAllows(agent: AgentRecord): (release: AgentRelease) => boolean {
  // No (valid) setting: an agent from before host-side update settings, dashboard updates allowed.
  const setting = decodeUpdateSetting(capability(agent, AGENT_UPDATES_CAPABILITY));
  if (setting?.dashboard === false) return () => false;
  const pin = setting?.pin ?? null;
  return (release) => pin === null || sameVersion(release.version, pin);
}

const toView = (release: AgentRelease): AgentVersionView => ({
  version_number: release.version,
  name: release.name,
  is_beta: release.is_beta,
  message: release.message,
  url: release.notes_url,
});

/** Which releases an agent is offered (newer than its own, or older on request) and installing one. */
export class AgentReleaseService {
  constructor(
    private readonly context: AppContext,
    private readonly hub: AgentHub,
    private readonly warn: (message: string) => void,
  ) {}

  /**
   * Newest first by the spec's version rule; `older` lists the versions below the running one
   * instead. Only what the host allows (no dashboard updates, or its pinned version only).
   */
  async versions(agent: AgentRecord, older = false): Promise<AgentVersionView[]> {
    const running = capability(agent, 'agent_version');
    const releases = (await this.releases()).filter(hostAllows(agent));
    const offered = releases.filter((release) => {
      if (!running) return !older;
      const order = compareVersions(release.version, running);
      return older ? order < 0 : order > 0;
    });
    return sortVersionsDescending(offered, (release) => release.version).map(toView);
  }

  async update(
    agent: AgentRecord,
    input: { version: string; downgrade?: boolean },
  ): Promise<{ version: string }> {
    requireOnline(this.context, agent);
    const wanted = input.version;
    const release = (await this.releases()).find((candidate) => sameVersion(candidate.version, wanted));
    if (!release) throw releaseErrors.versionNotFound(wanted);
    const running = capability(agent, 'agent_version');
    if (running && sameVersion(running, release.version)) throw releaseErrors.versionRunning(release.name);
    if (running && compareVersions(release.version, running) < 0 && input.downgrade !== true)
      throw releaseErrors.downgradeNotConfirmed(release.name, running);
    return this.hub.request(agent.id, 'agent.update', {
      version: release.version,
      // Relative: the agent downloads from the server it is connected to.
      url: `/agent/releases/${encodeURIComponent(release.version)}/dockhand-agent.mjs`,
      sha256: release.sha256,
      signature: release.signature,
    });
  }

  async bundlePath(version: string): Promise<string> {
    const release = VERSION_PATTERN.test(version)
      ? (await this.releases()).find((candidate) => candidate.version === version)
      : undefined;
    if (!release) throw releaseErrors.versionNotFound(version);
    return release.bundlePath;
  }

  /** The release public key install.sh pins (the private half is never on this server). */
  async publicKey(): Promise<string> {
    return readFile(this.context.config.agentHub.releasePublicKeyPath, 'utf8').catch(() => {
      throw releaseErrors.releaseKeyMissing();
    });
  }

  private releases(): Promise<AgentRelease[]> {
    return listAgentReleases(this.context.config.agentHub.releasesDir, this.warn);
  }
}
