import {
  DEFAULT_POLICY,
  refusalMessage,
  type PolicyRefusal,
} from '../../../agent/src/policy/admission-policy.js';
import { checkComposeModel } from '../../../agent/src/policy/check-compose-model.js';
import { checkComposeSources } from '../../../agent/src/policy/check-compose-sources.js';
import { engineSockets } from '../../../agent/src/policy/host-paths.js';
import { asList, asRecord } from '../../../agent/src/policy/model-values.js';
import type { CatalogTemplate } from '../../../server/src/catalog/template-types.js';
import type { ImageUse } from './image-rules.js';
import type { TemplateProblems } from './problems.js';

/**
 * The agent's default admission policy (no host access, no extra bind roots) on the app's files
 * and resolved model, exactly as an agent checks them before `up`. A template that declares
 * `host_access` must need it: its refusals are the reason the install dialog shows.
 */
export async function checkAdmission(
  template: CatalogTemplate,
  projectDir: string,
  composeFiles: string[],
  model: unknown,
  problems: TemplateProblems,
): Promise<void> {
  const context = { policy: DEFAULT_POLICY, projectDir, sockets: engineSockets('/var/run/docker.sock') };
  const refusals: PolicyRefusal[] = [
    ...(await checkComposeSources(composeFiles, context)),
    ...checkComposeModel(model, context),
  ];
  if (template.host_access === null && refusals.length > 0)
    problems.add(
      'host_access',
      `is not declared, and the default policy refuses: ${refusalMessage(refusals)}`,
    );
  if (template.host_access !== null && refusals.length === 0)
    problems.add('host_access', 'is declared, but the default admission policy admits the app as it is');
}

/** The container ports a service listens on per its `ports` and `expose` (null: it names none). */
function declaredPorts(service: Record<string, unknown>): Set<number> | null {
  const ports = new Set<number>();
  for (const entry of asList(service.ports)) {
    const target =
      typeof entry === 'object' && entry !== null
        ? asRecord(entry).target
        : /(?:^|:)(\d+)(?:-\d+)?(?:\/\w+)?$/.exec(String(entry))?.[1];
    if (target !== undefined) ports.add(Number(target));
  }
  for (const entry of asList(service.expose)) ports.add(Number(/^\d+/.exec(String(entry))?.[0]));
  return ports.size > 0 ? ports : null;
}

/** Every supported extension reaches a service of the resolved model, on a port it listens on. */
export function checkExposure(template: CatalogTemplate, model: unknown, problems: TemplateProblems): void {
  const services = asRecord(asRecord(model).services);
  template.supported_extensions.forEach((supported, index) => {
    const field = `supported_extensions[${index}]`;
    const service = services[supported.service];
    if (service === undefined) {
      problems.add(`${field}.service`, `'${supported.service}' is not a service of the resolved model`);
      return;
    }
    const ports = declaredPorts(asRecord(service));
    if (ports && !ports.has(supported.port))
      problems.add(
        `${field}.port`,
        `${supported.port} is not a port '${supported.service}' publishes or exposes (${[...ports].join(', ')})`,
      );
  });
}

/** Each service's image, as written (raw YAML) and as resolved. */
export function imageUses(rawModels: unknown[], model: unknown): ImageUse[] {
  const written = new Map<string, string>();
  for (const raw of rawModels) {
    for (const [name, service] of Object.entries(asRecord(asRecord(raw).services))) {
      const image = asRecord(service).image;
      if (typeof image === 'string') written.set(name, image);
    }
  }
  return Object.entries(asRecord(asRecord(model).services)).map(([name, service]) => {
    const image = asRecord(service).image;
    const resolved = typeof image === 'string' ? image : '';
    return { service: name, written: written.get(name) ?? resolved, resolved };
  });
}
