/**
 * Compose v1 (the Python `docker-compose` 1.x) predates parts of the Compose Specification. Given
 * a file it does not understand it fails with a schema error that names neither the feature nor
 * the remedy, or worse, ignores the key. Under v1 the agent reads the app's compose files first
 * and refuses those features by name, saying to install Compose v2.
 */
import { AgentError, AgentErrorCode } from '../errors.js';

type Model = Record<string, unknown>;

function isObject(value: unknown): value is Model {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One feature v1 lacks, and where a service (or the file itself) uses it. */
interface V1Gap {
  feature: string;
  usedBy(model: Model, service: Model): boolean;
  /** Checked once per file instead of per service. */
  topLevel?: boolean;
}

const entries = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const objectValues = (value: unknown): unknown[] => (isObject(value) ? Object.values(value) : []);

const GAPS: V1Gap[] = [
  { feature: 'include', topLevel: true, usedBy: (model) => 'include' in model },
  {
    feature: 'env_file with path/required',
    usedBy: (_, service) => entries(service.env_file).some(isObject),
  },
  {
    feature: 'depends_on with required/restart',
    usedBy: (_, service) =>
      objectValues(service.depends_on).some(
        (entry) => isObject(entry) && ('required' in entry || 'restart' in entry),
      ),
  },
  { feature: 'develop (watch)', usedBy: (_, service) => 'develop' in service },
  {
    feature: 'build.additional_contexts',
    usedBy: (_, service) => isObject(service.build) && 'additional_contexts' in service.build,
  },
  {
    feature: 'post_start/pre_stop hooks',
    usedBy: (_, service) => 'post_start' in service || 'pre_stop' in service,
  },
  {
    feature: 'configs or secrets with content/environment',
    topLevel: true,
    usedBy: (model) =>
      [...objectValues(model.configs), ...objectValues(model.secrets)].some(
        (entry) => isObject(entry) && ('content' in entry || 'environment' in entry),
      ),
  },
];

/** 'include in compose.yml', 'env_file with path/required in compose.yml (service web)', ... */
export function v1Gaps(filename: string, model: unknown): string[] {
  if (!isObject(model)) return [];
  const found: string[] = [];
  const services = Object.entries(isObject(model.services) ? model.services : {});
  for (const gap of GAPS) {
    if (gap.topLevel) {
      if (gap.usedBy(model, {})) found.push(`${gap.feature} in ${filename}`);
      continue;
    }
    const users = services.filter(([, service]) => isObject(service) && gap.usedBy(model, service));
    if (users.length > 0)
      found.push(`${gap.feature} in ${filename} (service ${users.map(([name]) => name).join(', ')})`);
  }
  return found;
}

export function v1Refusal(version: string, gaps: string[]): AgentError {
  return new AgentError(
    AgentErrorCode.ComposeUnsupported,
    `This server runs Compose v${version} (legacy), which does not support ${gaps.join('; ')}. ` +
      'Install Compose v2 on the server (package docker-compose-plugin or docker-compose-v2) and restart the Dockhand agent.',
  );
}
