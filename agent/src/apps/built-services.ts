import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseComposeYaml } from '../docker/compose-yaml.js';
import type { BuiltService } from '../docker/project-resources.js';

/**
 * The services compose builds for this app (`build:`) and the image name each build is tagged
 * with, read from the app's own compose files without running compose (they may be broken). A
 * file that cannot be read yields nothing; an interpolated image name is left to compose's own
 * name for the build and the image id its containers run.
 */
export async function builtServicesOf(directory: string, composeFiles: string[]): Promise<BuiltService[]> {
  const built = new Set<string>();
  const images = new Map<string, string | null>();
  for (const file of composeFiles) {
    let model: unknown;
    try {
      model = await parseComposeYaml(await readFile(path.join(directory, file), 'utf8'));
    } catch {
      continue;
    }
    const services = isObject(model) && isObject(model.services) ? model.services : {};
    for (const [service, definition] of Object.entries(services)) {
      if (!isObject(definition)) continue;
      if ('build' in definition) built.add(service);
      // Later files override earlier ones, as compose merges them.
      if (typeof definition.image === 'string')
        images.set(service, definition.image.includes('$') ? null : definition.image);
    }
  }
  return [...built].map((service) => ({ service, image: images.get(service) ?? null }));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
