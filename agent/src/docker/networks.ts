import { AgentError, AgentErrorCode, ValidationText } from '../errors.js';
import type { DockerEngine } from './engine.js';

const BUILT_IN = new Set(['bridge', 'host', 'none']);
const NETWORK_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

function assertNetworkName(name: string): void {
  if (!name) throw new AgentError(AgentErrorCode.NetworkInvalid, ValidationText.networkRequired);
  if (!NETWORK_NAME.test(name)) {
    throw new AgentError(
      AgentErrorCode.NetworkInvalid,
      'Network name can only contain letters, numbers, dots, hyphens and underscores',
    );
  }
}

/** User-defined Docker networks on the engine (the built-in bridge/host/none are not listed). */
export class NetworkService {
  constructor(private readonly engine: DockerEngine) {}

  async list(): Promise<Array<{ name: string }>> {
    const networks = await this.engine.json<Array<{ Name: string }>>('GET', '/networks');
    return networks
      .map((network) => network.Name)
      .filter((name) => !BUILT_IN.has(name))
      .sort()
      .map((name) => ({ name }));
  }

  async create(name: string): Promise<{ name: string }> {
    assertNetworkName(name);
    await this.engine.json('POST', '/networks/create', {
      Name: name,
      CheckDuplicate: true,
      Driver: 'bridge',
      Labels: { 'io.dockhand.managed': 'true' },
    });
    return { name };
  }

  async delete(name: string): Promise<{ name: string }> {
    assertNetworkName(name);
    if (BUILT_IN.has(name))
      throw new AgentError(AgentErrorCode.NetworkInvalid, `The built-in network ${name} cannot be deleted`);
    await this.engine.json('DELETE', `/networks/${encodeURIComponent(name)}`);
    return { name };
  }
}
