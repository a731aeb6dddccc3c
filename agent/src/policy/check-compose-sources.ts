import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseComposeYaml } from '../docker/compose-yaml.js';
import type { PolicyRefusal } from './admission-policy.js';
import { HostPathRules, type AdmissionContext } from './host-path-rules.js';
import { asList, asRecord } from './model-values.js';

/**
 * What compose reads from the host while it resolves a project, and which the resolved model no
 * longer shows: env files (compose v1 inlines them into `environment`, so `env_file:
 * ../../other-app/compose.env` would hand one app another's secrets), `extends` files and
 * `include`s. Checked in the app's own YAML files, as written.
 */
export async function checkComposeSources(
  filenames: string[],
  context: AdmissionContext,
): Promise<PolicyRefusal[]> {
  const paths = new HostPathRules(context);
  const refusals: PolicyRefusal[] = [];
  for (const filename of filenames.filter((name) => /\.ya?ml$/.test(name))) {
    const file = path.join(context.projectDir, filename);
    let document: unknown;
    try {
      document = await parseComposeYaml(await readFile(file, 'utf8'), { maxAliasCount: 1000 });
    } catch {
      continue; // not YAML: compose config refuses it if it is a compose file
    }
    const check = (subject: string, option: string, value: unknown) => {
      if (typeof value !== 'string') return;
      const reason = value.includes('$')
        ? 'is set by a variable; write the path in the file'
        : paths.buildProblem(value, path.dirname(file));
      if (reason)
        refusals.push({ subject: `${subject} (${filename})`, option: `${option} ${value}`, reason });
    };
    const root = asRecord(document);
    for (const [name, raw] of Object.entries(asRecord(root.services))) {
      const service = asRecord(raw);
      for (const entry of asList(service.env_file))
        check(`service ${name}`, 'env_file', typeof entry === 'string' ? entry : asRecord(entry).path);
      check(`service ${name}`, 'extends.file', asRecord(service.extends).file);
    }
    for (const entry of asList(root.include)) {
      const include = typeof entry === 'string' ? { path: entry } : asRecord(entry);
      for (const key of ['path', 'env_file', 'project_directory'] as const)
        for (const value of asList(include[key])) check('include', key, value);
    }
  }
  return refusals;
}
