/**
 * The app catalog: loads, validates and caches the templates, and answers what to list and what
 * to deploy.
 *
 * Layout of a catalog folder (`server/catalog/`, and optionally CATALOG_EXTRA_DIR with the same
 * layout for test-only templates):
 *   templates/<id>/template.json   metadata + deployable configuration (below)
 *   templates/<id>/<files>         files template.json points to with `path` (e.g. compose.yml)
 *   assets/<file>.svg              logos, served at /catalog-assets/<file>
 *
 * template.json (all keys required unless marked optional):
 *   id (= folder name, lowercase/digits/hyphens), name, slug, description, summary, license,
 *   license_url|null, homepage_url, repository_url|null, registry_url|null,
 *   documentation_url|null, keywords[], tags[], alternative_to[], logo (asset filename),
 *   waiting_list, available_in[] (free|pro|business; empty = no restriction),
 *   sponsorship[{name,url}] (optional),
 *   registry: { tags[{name}] (release names installable on the Free plan),
 *               releases[{name, date YYYY-MM-DD, description, breaking_changes, changelog_url|null,
 *                         image_tag (optional, defaults to name)}] },
 *   files[{filename, content} | {filename, path}] (must include compose.yml or docker-compose.yml),
 *   variables[{name, value, is_encrypted, type: constant|inherited,
 *              generate?: {charset: alphanumeric|hex, length 16..128}}] (optional),
 *   extension: 'expose'|null (optional; what this app provides to others) with
 *   extension_service (the compose service serving them; a proxy providing 'expose' declares the
 *                      variables HTTP_PORT, HTTPS_PORT and ACME_EMAIL),
 *   supported_extensions[{extension, service, port}] (optional; extensions this app can use: the
 *                      compose service and container port they reach),
 *   host_access (optional string: why the app needs the agent's 'host access' admission policy,
 *                e.g. host networking; the install dialog shows it and is disabled without it).
 * Files may refer to `${NAME}`, `${NAME:-default}`, `${NAME-x}`, `${NAME:?error}` etc.; every
 * reference without a default must be a declared variable or a system variable. System variables
 * start with an underscore and cannot be declared: `_VERSION` is the chosen release's image_tag.
 * Secrets are encrypted variables with an empty value, filled (or generated) at install.
 *
 * A broken template never stops the server: it is skipped and reported with its name and field.
 */
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { catalogErrors } from './errors.js';
import { TemplateFieldError } from './template-fields.js';
import { parseTemplate } from './template-validation.js';
import type { CatalogItem } from 'contract';
import type {
  CatalogTemplate,
  SecretGenerator,
  TemplateDeployment,
  TemplateLoadError,
  TemplateRelease,
} from './template-types.js';
import { sameVersion } from './versions.js';

/** The catalog settings of the server Config (CATALOG_DIR, CATALOG_EXTRA_DIR). */
export interface CatalogConfig {
  catalogDir: string;
  catalogExtraDir: string | null;
}

export interface CatalogSources {
  /** Catalog roots, in order; each holds templates/ and assets/. Earlier roots win on duplicate ids. */
  roots: string[];
}

export interface CatalogLogger {
  error(message: string): void;
}

interface ReleaseOptions {
  /** Free-plan servers may only install the releases named in registry.tags (spec section 6). */
  freePlanOnly?: boolean;
}

export interface Catalog {
  /** Every loaded template as a spec catalog item, ordered by name. */
  listCatalogItems(): CatalogItem[];
  /** The template, or DomainError 404 'App not found'. */
  getTemplate(id: string): CatalogTemplate;
  /** The named release, or the newest (allowed) one when no version is given. */
  resolveRelease(templateId: string, version?: string | null, options?: ReleaseOptions): TemplateRelease;
  /** Files and variables to deploy for a release (system variables included). */
  getDeployment(templateId: string, version?: string | null, options?: ReleaseOptions): TemplateDeployment;
  /** Templates that were skipped, with the reason. */
  readonly errors: readonly TemplateLoadError[];
}

export function catalogSources(config: CatalogConfig): CatalogSources {
  return {
    roots: config.catalogExtraDir ? [config.catalogDir, config.catalogExtraDir] : [config.catalogDir],
  };
}

/** Folders logos are looked up in, in order. */
export function assetDirectories(sources: CatalogSources): string[] {
  return sources.roots.map((root) => path.join(path.resolve(root), 'assets'));
}

const consoleLogger: CatalogLogger = { error: (message) => console.error(message) };

/** Reads every template of every root now. Use getCatalog() for the cached instance. */
export function loadCatalog(sources: CatalogSources, logger: CatalogLogger = consoleLogger): Catalog {
  const templates = new Map<string, CatalogTemplate>();
  const errors: TemplateLoadError[] = [];
  const assetDirs = assetDirectories(sources);
  for (const root of sources.roots) {
    const templatesDir = path.join(path.resolve(root), 'templates');
    for (const folder of listFolders(templatesDir, errors)) {
      const result = loadOne(path.join(templatesDir, folder), assetDirs);
      if ('message' in result) {
        errors.push(result);
      } else if (templates.has(result.id)) {
        errors.push({
          template: folder,
          message: `Catalog template '${folder}' skipped: field 'id' repeats '${result.id}', already loaded from ${templates.get(result.id)?.source_dir}`,
        });
      } else {
        templates.set(result.id, result);
      }
    }
  }
  for (const error of errors) logger.error(error.message);
  return createCatalog(
    [...templates.values()].sort((a, b) => a.name.localeCompare(b.name)),
    errors,
  );
}

function listFolders(templatesDir: string, errors: TemplateLoadError[]): string[] {
  try {
    return fs
      .readdirSync(templatesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    errors.push({
      template: '(catalog)',
      message: `Catalog folder ${templatesDir} cannot be read: ${(error as Error).message}`,
    });
    return [];
  }
}

function loadOne(templateDir: string, assetDirs: string[]): CatalogTemplate | TemplateLoadError {
  const folder = path.basename(templateDir);
  const fail = (reason: string): TemplateLoadError => ({
    template: folder,
    message: `Catalog template '${folder}' skipped: ${reason}`,
  });
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(path.join(templateDir, 'template.json'), 'utf8'));
  } catch (error) {
    return fail(`template.json cannot be read as JSON (${(error as Error).message})`);
  }
  try {
    const template = parseTemplate(raw, templateDir);
    if (!assetDirs.some((dir) => fs.existsSync(path.join(dir, template.logo)))) {
      return fail(`field 'logo' names '${template.logo}', which is not in ${assetDirs.join(' or ')}`);
    }
    return template;
  } catch (error) {
    if (error instanceof TemplateFieldError) return fail(error.message);
    return fail(`unexpected error: ${(error as Error).message}`);
  }
}

function toCatalogItem(template: CatalogTemplate): CatalogItem {
  const {
    registry,
    files: _files,
    variables: _variables,
    extension: _extension,
    extension_service: _service,
    supported_extensions: _supported,
    source_dir: _dir,
    ...item
  } = template;
  return {
    ...item,
    registry: {
      tags: registry.tags,
      releases: registry.releases.map(({ image_tag: _tag, ...release }) => release),
    },
  };
}

function createCatalog(templates: CatalogTemplate[], errors: TemplateLoadError[]): Catalog {
  const byId = new Map(templates.map((template) => [template.id, template]));
  const items = templates.map(toCatalogItem);

  const getTemplate = (id: string): CatalogTemplate => {
    const template = byId.get(id);
    if (!template) throw catalogErrors.appNotFound();
    return template;
  };

  const resolveRelease = (
    templateId: string,
    version?: string | null,
    options: ReleaseOptions = {},
  ): TemplateRelease => {
    const template = getTemplate(templateId);
    const freeNames = new Set(template.registry.tags.map((tag) => tag.name));
    const allowed = options.freePlanOnly
      ? template.registry.releases.filter((release) => freeNames.has(release.name))
      : template.registry.releases;
    if (version === undefined || version === null || version.trim() === '') {
      const newest = allowed[0]; // releases are kept newest first
      if (!newest) throw catalogErrors.noFreeVersion(template.name);
      return newest;
    }
    const release = template.registry.releases.find((candidate) => sameVersion(candidate.name, version));
    if (!release) throw catalogErrors.versionNotFound(version, template.name);
    if (!allowed.includes(release)) {
      throw catalogErrors.versionNeedsPro(release.name, template.name);
    }
    return release;
  };

  return {
    errors,
    listCatalogItems: () => structuredClone(items),
    getTemplate,
    resolveRelease,
    getDeployment(templateId, version, options) {
      const template = getTemplate(templateId);
      const release = resolveRelease(templateId, version, options);
      return structuredClone({
        template_id: template.id,
        version: release.name,
        release,
        files: template.files,
        variables: [
          ...template.variables,
          {
            name: '_VERSION',
            value: release.image_tag,
            is_encrypted: false,
            type: 'constant' as const,
            generate: null,
          },
        ],
        extension: template.extension,
        extension_service: template.extension_service,
        supported_extensions: template.supported_extensions,
      });
    },
  };
}

const cache = new Map<string, Catalog>();

/** The catalog for this configuration, loaded once per process. */
export function getCatalog(config: CatalogConfig, logger?: CatalogLogger): Catalog {
  const sources = catalogSources(config);
  const key = sources.roots.map((root) => path.resolve(root)).join('\n');
  let catalog = cache.get(key);
  if (!catalog) {
    catalog = loadCatalog(sources, logger);
    cache.set(key, catalog);
  }
  return catalog;
}

/** Forgets cached catalogs so the next getCatalog() reads the folders again. */
export function clearCatalogCache(): void {
  cache.clear();
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh random value for an encrypted variable's `generate` rule. */
export function generateSecretValue(generator: SecretGenerator): string {
  if (generator.charset === 'hex')
    return randomBytes(Math.ceil(generator.length / 2))
      .toString('hex')
      .slice(0, generator.length);
  return Array.from({ length: generator.length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join(
    '',
  );
}
