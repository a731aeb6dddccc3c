import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { decryptSecret } from '../crypto/secrets.js';
import { AgentError, AgentErrorCode } from '../errors.js';
import { registryAddressError, type RegistryEntry } from 'contract';

interface DockerConfigFile {
  auths: Record<string, { auth: string }>;
}

/**
 * Registry credentials in a Docker CLI config (`{dir}/config.json`, 0600) that the agent passes
 * to compose as DOCKER_CONFIG, so pulls of private images authenticate.
 */
export class RegistryStore {
  constructor(
    readonly dockerConfigDir: string,
    private readonly privateKeyPem: string,
  ) {}

  private get file(): string {
    return path.join(this.dockerConfigDir, 'config.json');
  }

  async list(): Promise<RegistryEntry[]> {
    const config = await this.read();
    return Object.entries(config.auths)
      .map(([address, { auth }]) => ({
        address,
        username: Buffer.from(auth, 'base64').toString('utf8').split(':')[0] ?? '',
      }))
      .sort((a, b) => a.address.localeCompare(b.address));
  }

  async create(
    address: string,
    encryptedUsername: string,
    encryptedPassword: string,
  ): Promise<RegistryEntry> {
    // The contract's `host[:port][/path]` rule, checked again here: the server is not trusted.
    const error = registryAddressError(address);
    if (error) throw new AgentError(AgentErrorCode.RegistryInvalid, error);
    const trimmed = address.trim();
    const username = encryptedUsername
      ? await decryptSecret(encryptedUsername, this.privateKeyPem, 'username')
      : '';
    const password = encryptedPassword
      ? await decryptSecret(encryptedPassword, this.privateKeyPem, 'password')
      : '';
    if (username.includes(':'))
      throw new AgentError(AgentErrorCode.RegistryInvalid, 'Username must not contain ":"');
    const config = await this.read();
    config.auths[trimmed] = { auth: Buffer.from(`${username}:${password}`, 'utf8').toString('base64') };
    await this.write(config);
    return { address: trimmed, username };
  }

  async delete(address: string): Promise<{ address: string }> {
    const config = await this.read();
    if (!config.auths[address])
      throw new AgentError(AgentErrorCode.RegistryInvalid, `Registry ${address} not found`);
    delete config.auths[address];
    await this.write(config);
    return { address };
  }

  private async read(): Promise<DockerConfigFile> {
    try {
      const parsed = JSON.parse(await readFile(this.file, 'utf8')) as Partial<DockerConfigFile>;
      return { ...parsed, auths: parsed.auths ?? {} };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { auths: {} };
      throw error;
    }
  }

  private async write(config: DockerConfigFile): Promise<void> {
    await mkdir(this.dockerConfigDir, { recursive: true, mode: 0o700 });
    await writeFile(`${this.file}.tmp`, JSON.stringify(config, null, 2), { mode: 0o600 });
    await rename(`${this.file}.tmp`, this.file);
    await chmod(this.file, 0o600);
  }
}

const DOCKER_HUB_HOSTS = ['docker.io', 'index.docker.io', 'registry-1.docker.io'];

/** The registry an image comes from, as Docker reads its name (no host part: Docker Hub). */
function registryHostOf(image: string): string {
  const first = image.split('/')[0] ?? '';
  const named = image.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost');
  return named ? first : 'docker.io';
}

/**
 * The engine's `X-Registry-Auth` for pulling `image` with the credentials stored for its registry
 * in the agent's Docker config (the same ones compose uses); undefined when none are stored.
 */
export async function registryAuthFor(dockerConfigDir: string, image: string): Promise<string | undefined> {
  let config: Partial<DockerConfigFile>;
  try {
    config = JSON.parse(await readFile(path.join(dockerConfigDir, 'config.json'), 'utf8')) as typeof config;
  } catch {
    return undefined; // no credentials stored
  }
  const host = registryHostOf(image);
  const hosts = DOCKER_HUB_HOSTS.includes(host) ? DOCKER_HUB_HOSTS : [host];
  for (const [address, { auth }] of Object.entries(config.auths ?? {})) {
    const addressHost = address.replace(/^https?:\/\//, '').split('/')[0] ?? '';
    if (!hosts.includes(addressHost)) continue;
    const [username = '', ...password] = Buffer.from(auth, 'base64').toString('utf8').split(':');
    const credentials = { username, password: password.join(':'), serveraddress: address };
    return Buffer.from(JSON.stringify(credentials)).toString('base64url');
  }
  return undefined;
}
