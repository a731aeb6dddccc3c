import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { composeSelection } from 'contract';
import { parseComposeYaml } from '../../../agent/src/docker/compose-yaml.js';
import { generateSecretValue, loadCatalog } from '../../../server/src/catalog/templates.js';
import type {
  CatalogTemplate,
  TemplateDeployment,
  TemplateLoadError,
} from '../../../server/src/catalog/template-types.js';
import { resolveComposeModels, type ComposeProjectRequest } from './compose-models.js';
import { checkImages } from './image-rules.js';
import { logoChecker } from './logo-rules.js';
import { checkAdmission, checkExposure, imageUses } from './model-rules.js';
import { TemplateProblems, type Problem } from './problems.js';
import { checkTemplateMetadata } from './template-rules.js';

/** What a variable without a value or generator is set to when the check resolves the model. */
const STAND_IN_VALUE = 'catalog-check';

export interface CatalogReport {
  /** Every template folder of the root, checked or refused by the loader. */
  folders: string[];
  problems: Problem[];
  /** Templates per tag, most used first. */
  tagCounts: [string, number][];
  /** Ids of the templates whose logo is a letter mark. */
  letterMarks: string[];
  compose: { ms: number; resolver: string };
}

interface CheckOptions {
  /** YYYY-MM-DD; release dates after it are in the future. Defaults to today (UTC). */
  today?: string;
}

/** A template ready for Compose: its project folder and files, and what to check in the model. */
interface Prepared {
  template: CatalogTemplate;
  problems: TemplateProblems;
  rawReleaseNames: string[];
  request: ComposeProjectRequest;
  composeField: string;
  rawModels: unknown[];
}

/**
 * Checks every template of a catalog root (`templates/`, `assets/`, `tags.json`): the loader's
 * schema, then the rules of issue 39, then the model Compose resolves from each template's
 * newest release with its variables set, against the agent's default admission policy.
 */
export async function checkCatalog(root: string, options: CheckOptions = {}): Promise<CatalogReport> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const allowedTags = new Set(JSON.parse(fs.readFileSync(path.join(root, 'tags.json'), 'utf8')) as string[]);
  const catalog = loadCatalog({ roots: [root] }, { error: () => {} });
  const problems: Problem[] = catalog.errors.map(loadProblem);
  const checkLogo = logoChecker(path.join(root, 'assets'));
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-check-'));
  const tagCounts = new Map<string, number>();
  const letterMarks: string[] = [];
  try {
    const prepared: Prepared[] = [];
    for (const item of catalog.listCatalogItems()) {
      const template = catalog.getTemplate(item.id);
      const templateProblems = new TemplateProblems(path.basename(template.source_dir));
      for (const tag of template.tags) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
      const rawReleaseNames = readRawReleaseNames(template.source_dir);
      checkTemplateMetadata(template, rawReleaseNames, allowedTags, templateProblems, today);
      if (checkLogo(template, templateProblems).letterMark) letterMarks.push(template.id);
      const deployment = catalog.getDeployment(template.id);
      const ready = await prepareProject(deployment, path.join(workDir, template.id), templateProblems);
      if (ready) prepared.push({ template, problems: templateProblems, rawReleaseNames, ...ready });
      else problems.push(...templateProblems.list);
    }

    const started = performance.now();
    const { results, resolver } = await resolveComposeModels(prepared.map((entry) => entry.request));
    const composeMs = performance.now() - started;

    for (const [index, entry] of prepared.entries()) {
      const result = results[index];
      const { template, problems: found } = entry;
      if (!result || 'error' in result) {
        found.add(entry.composeField, `Compose refuses it: ${result?.error ?? 'no answer'}`);
      } else {
        await checkAdmission(template, entry.request.directory, entry.request.files, result.model, found);
        checkExposure(template, result.model, found);
        checkImages(
          imageUses(entry.rawModels, result.model),
          template.registry.releases,
          entry.rawReleaseNames,
          entry.composeField,
          found,
        );
      }
      problems.push(...found.list);
    }
    return {
      folders: fs
        .readdirSync(path.join(root, 'templates'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort(),
      problems: problems.sort((a, b) => a.template.localeCompare(b.template)),
      tagCounts: [...tagCounts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
      letterMarks,
      compose: { ms: composeMs, resolver },
    };
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** The loader's message names the field: "Catalog template 'x' skipped: field 'a.b' must ...". */
function loadProblem(error: TemplateLoadError): Problem {
  const reason = error.message.replace(/^Catalog template '[^']*' skipped: /, '');
  const field = /^field '([^']+)' (.*)$/s.exec(reason);
  return field
    ? { template: error.template, field: field[1] as string, message: field[2] as string }
    : { template: error.template, field: 'template.json', message: reason };
}

function readRawReleaseNames(templateDir: string): string[] {
  const raw = JSON.parse(fs.readFileSync(path.join(templateDir, 'template.json'), 'utf8')) as {
    registry: { releases: { name: string }[] };
  };
  return raw.registry.releases.map((release) => release.name);
}

/**
 * Writes the newest release's deployment (files and variables, as the server sends them to an
 * agent) to `projectDir`, with secrets generated and empty values stood in for.
 */
async function prepareProject(
  deployment: TemplateDeployment,
  projectDir: string,
  problems: TemplateProblems,
): Promise<Omit<Prepared, 'template' | 'problems' | 'rawReleaseNames'> | null> {
  const variables: Record<string, string> = {};
  for (const variable of deployment.variables) {
    variables[variable.name] =
      variable.value || (variable.generate ? generateSecretValue(variable.generate) : STAND_IN_VALUE);
  }
  const filenames = deployment.files.map((file) => file.filename);
  const { selection, error } = composeSelection(
    filenames,
    deployment.variables.map((variable) => ({ ...variable, value: variables[variable.name] ?? '' })),
  );
  if (!selection) {
    problems.add('files', error);
    return null;
  }
  fs.mkdirSync(projectDir, { recursive: true });
  for (const file of deployment.files) {
    const target = path.join(projectDir, file.filename);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, file.content);
  }
  const composeIndex = filenames.indexOf(selection.files[0] as string);
  const rawModels: unknown[] = [];
  for (const file of selection.files) {
    try {
      rawModels.push(await parseComposeYaml(fs.readFileSync(path.join(projectDir, file), 'utf8')));
    } catch (parseError) {
      problems.add(`files[${filenames.indexOf(file)}]`, `is not YAML: ${(parseError as Error).message}`);
      return null;
    }
  }
  return {
    request: { directory: projectDir, files: selection.files, variables },
    composeField: `files[${composeIndex}]`,
    rawModels,
  };
}
