/**
 * Docker registries of an agent (spec section 7). Credentials live only on the agent (its Docker
 * config, used for pulls); they arrive encrypted to the agent certificate and this server only
 * relays them. Listings come from the agent and never include the password.
 */
import { displayNameError, isEncryptedValue, REGISTRY_ADDRESS_MAX, registryAddressError } from 'contract';
import { requireOnline } from '../agents/agent-access.js';
import type { AgentRecord } from '../agents/agent-store.js';
import type { AppContext } from '../context.js';
import type { AgentHub } from '../hub/agent-hub.js';
import { registryErrors } from './errors.js';

export interface RegistryInput {
  address: string;
  username?: string;
  password?: string;
}

export class RegistryService {
  constructor(
    private readonly context: AppContext,
    private readonly hub: AgentHub,
  ) {}

  async list(agent: AgentRecord) {
    requireOnline(this.context, agent);
    return this.hub.request(agent.id, 'registry.list', {});
  }

  async create(agent: AgentRecord, input: RegistryInput) {
    const params = {
      address: newRegistryAddress(input.address),
      username: encryptedOrEmpty(input.username, 'username'),
      password: encryptedOrEmpty(input.password, 'password'),
    };
    requireOnline(this.context, agent);
    return this.hub.request(agent.id, 'registry.create', params);
  }

  async delete(agent: AgentRecord, address: string): Promise<void> {
    const params = { address: existingRegistryAddress(address) };
    requireOnline(this.context, agent);
    await this.hub.request(agent.id, 'registry.delete', params);
  }
}

/** `host[:port][/path]` (the contract's rule). */
function newRegistryAddress(value: string): string {
  const error = registryAddressError(value);
  if (error) throw registryErrors.addressRefused(error);
  return value.trim();
}

/**
 * A registry to delete may have been added on the host in another form (`docker login
 * https://...`): any address the listing can show, within the name rule's limits.
 */
function existingRegistryAddress(value: string): string {
  const error = displayNameError(value, { label: 'Address', max: REGISTRY_ADDRESS_MAX });
  if (error) throw registryErrors.addressRefused(error);
  return value.trim();
}

function encryptedOrEmpty(value: string | undefined, field: 'username' | 'password'): string {
  if (!value) return '';
  if (!isEncryptedValue(value)) throw registryErrors.notEncrypted(field);
  return value;
}
