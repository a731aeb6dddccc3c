import fs from 'node:fs';
import path from 'node:path';
import {
  CANONICAL_COMPOSE_FILES,
  EXTENSIONS,
  ExposeVariables,
  filenameError,
  findVariableReferences,
  isVariableName,
  PLANS,
  serviceNameError,
  type ExtensionName,
  type Sponsorship,
  type SupportedExtension,
} from 'contract';
import {
  SECRET_CHARSETS,
  VARIABLE_TYPES,
  type CatalogTemplate,
  type SecretGenerator,
  type TemplateFile,
  type TemplateRelease,
  type TemplateVariable,
} from './template-types.js';
import {
  TemplateFieldError,
  fieldPath,
  readArray,
  readBoolean,
  readEnum,
  readEnumList,
  readObject,
  readOptionalArray,
  readOptionalUrl,
  readString,
  readStringList,
  readUrl,
  requireUnique,
  type JsonObject,
} from './template-fields.js';
import { VERSION_PATTERN, sortVersionsDescending } from './versions.js';

/** Variables the system sets on every deployment; templates may refer to them but not define them. */
export const SYSTEM_VARIABLES = ['_VERSION'] as const;

const TEMPLATE_ID = /^[a-z][a-z0-9-]{1,62}$/;
const ASSET_FILENAME = /^[a-z0-9][a-z0-9._-]*\.(svg|png|webp)$/;
const IMAGE_TAG = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Validates one template.json (already JSON-parsed) from `folder` and reads the files it
 * points to. Throws TemplateFieldError naming the first invalid field.
 */
export function parseTemplate(raw: unknown, folder: string): CatalogTemplate {
  const templateDir = path.resolve(folder);
  const json = readObject(raw, '(root)');
  const id = readString(json, 'id');
  if (!TEMPLATE_ID.test(id))
    throw new TemplateFieldError('id', 'must be lowercase letters, digits and hyphens');
  if (id !== path.basename(templateDir)) {
    throw new TemplateFieldError('id', `must equal its folder name '${path.basename(templateDir)}'`);
  }
  const logo = readString(json, 'logo');
  if (!ASSET_FILENAME.test(logo))
    throw new TemplateFieldError('logo', 'must be an asset filename such as app.svg');

  const files = readFiles(json, templateDir);
  const variables = readVariables(json);
  checkReferences(files, variables);
  const { tags, releases } = readRegistry(json);
  const provided = readProvidedExtension(json, files, variables);

  return {
    id,
    name: readString(json, 'name'),
    slug: readString(json, 'slug'),
    description: readString(json, 'description'),
    summary: readString(json, 'summary'),
    license: readString(json, 'license'),
    license_url: readOptionalUrl(json, 'license_url'),
    homepage_url: readUrl(json, 'homepage_url'),
    repository_url: readOptionalUrl(json, 'repository_url'),
    registry_url: readOptionalUrl(json, 'registry_url'),
    documentation_url: readOptionalUrl(json, 'documentation_url'),
    keywords: readStringList(json, 'keywords'),
    tags: readStringList(json, 'tags'),
    alternative_to: readStringList(json, 'alternative_to'),
    logo,
    waiting_list: readBoolean(json, 'waiting_list'),
    available_in: readEnumList(json, 'available_in', PLANS),
    sponsorship: readOptionalArray(json, 'sponsorship').map((item, index) => readSponsorship(item, index)),
    registry: { tags, releases },
    files,
    variables,
    extension: provided.extension,
    extension_service: provided.service,
    supported_extensions: readSupportedExtensions(json, files),
    host_access:
      json.host_access === undefined || json.host_access === null ? null : readString(json, 'host_access'),
    source_dir: templateDir,
  };
}

/** A compose file's top-level service `name` (services are two-space-indented keys in our templates). */
function declaresService(files: TemplateFile[], name: string): boolean {
  const line = new RegExp(`^  ${name.replace(/[.]/g, '\\.')}:\\s*$`, 'm');
  return files.some((file) => CANONICAL_COMPOSE_FILES.includes(file.filename) && line.test(file.content));
}

function readService(item: JsonObject, key: string, parent: string, files: TemplateFile[]): string {
  const service = readString(item, key, parent);
  const problem = serviceNameError(service);
  if (problem) throw new TemplateFieldError(fieldPath(parent, key), problem);
  if (!declaresService(files, service))
    throw new TemplateFieldError(
      fieldPath(parent, key),
      `names '${service}', which is not a service of compose.yml`,
    );
  return service;
}

/** `extension` (what the app provides) with the service that provides it. */
function readProvidedExtension(
  json: JsonObject,
  files: TemplateFile[],
  variables: TemplateVariable[],
): { extension: ExtensionName | null; service: string | null } {
  if (json.extension === undefined || json.extension === null) return { extension: null, service: null };
  const extension = readEnum(json, 'extension', EXTENSIONS);
  const service = readService(json, 'extension_service', '', files);
  const declared = new Set(variables.map((variable) => variable.name));
  const needed = [ExposeVariables.proxyHttpPort, ExposeVariables.proxyHttpsPort, ExposeVariables.proxyEmail];
  const missing = needed.filter((name) => !declared.has(name));
  if (missing.length)
    throw new TemplateFieldError(
      'variables',
      `must declare ${missing.join(', ')} for the '${extension}' extension`,
    );
  return { extension, service };
}

function readSupportedExtensions(json: JsonObject, files: TemplateFile[]): SupportedExtension[] {
  const supported = readOptionalArray(json, 'supported_extensions').map((raw, index) => {
    const field = fieldPath('supported_extensions', index);
    const item = readObject(raw, field);
    const port = item.port;
    if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535)
      throw new TemplateFieldError(fieldPath(field, 'port'), 'must be a whole number from 1 to 65535');
    return {
      extension: readEnum(item, 'extension', EXTENSIONS, field),
      service: readService(item, 'service', field, files),
      port,
    };
  });
  requireUnique(
    supported.map((entry) => entry.extension),
    (index) => `supported_extensions[${index}].extension`,
    'extension',
  );
  return supported;
}

function readSponsorship(raw: unknown, index: number): Sponsorship {
  const field = fieldPath('sponsorship', index);
  const item = readObject(raw, field);
  return { name: readString(item, 'name', field), url: readUrl(item, 'url', field) };
}

function readFiles(json: JsonObject, templateDir: string): TemplateFile[] {
  const files = readArray(json, 'files').map((raw, index) =>
    readFile(raw, fieldPath('files', index), templateDir),
  );
  if (files.length === 0) throw new TemplateFieldError('files', 'must list at least one file');
  requireUnique(
    files.map((file) => file.filename),
    (index) => `files[${index}].filename`,
    'filename',
  );
  if (!files.some((file) => CANONICAL_COMPOSE_FILES.includes(file.filename))) {
    throw new TemplateFieldError('files', 'must include a Compose file (compose.yml or docker-compose.yml)');
  }
  return files;
}

function readFile(raw: unknown, field: string, templateDir: string): TemplateFile {
  const item = readObject(raw, field);
  const filename = readString(item, 'filename', field, { allowEmpty: true });
  const problem = filenameError(filename);
  if (problem) throw new TemplateFieldError(fieldPath(field, 'filename'), problem);
  const hasContent = item.content !== undefined;
  if (hasContent === (item.path !== undefined)) {
    throw new TemplateFieldError(field, "must have exactly one of 'content' or 'path'");
  }
  if (hasContent) return { filename, content: readString(item, 'content', field, { allowEmpty: true }) };

  const relativePath = readString(item, 'path', field);
  const absolute = path.resolve(templateDir, relativePath);
  if (!absolute.startsWith(templateDir + path.sep)) {
    throw new TemplateFieldError(fieldPath(field, 'path'), 'must point inside the template folder');
  }
  try {
    return { filename, content: fs.readFileSync(absolute, 'utf8') };
  } catch {
    throw new TemplateFieldError(
      fieldPath(field, 'path'),
      `names a file that cannot be read: ${relativePath}`,
    );
  }
}

function readVariables(json: JsonObject): TemplateVariable[] {
  const variables = readOptionalArray(json, 'variables').map((raw, index) =>
    readVariable(raw, fieldPath('variables', index)),
  );
  requireUnique(
    variables.map((variable) => variable.name),
    (index) => `variables[${index}].name`,
    'variable',
  );
  return variables;
}

function readVariable(raw: unknown, field: string): TemplateVariable {
  const item = readObject(raw, field);
  const name = readString(item, 'name', field);
  if (!isVariableName(name)) {
    throw new TemplateFieldError(
      fieldPath(field, 'name'),
      'must start with a letter or underscore and contain only letters, numbers, and underscores',
    );
  }
  if (name.startsWith('_'))
    throw new TemplateFieldError(
      fieldPath(field, 'name'),
      'starts with an underscore, which is reserved for system variables',
    );
  const isEncrypted = readBoolean(item, 'is_encrypted', field);
  const value = readString(item, 'value', field, { allowEmpty: true });
  const type = readEnum(item, 'type', VARIABLE_TYPES, field);
  if (isEncrypted && value !== '')
    throw new TemplateFieldError(
      fieldPath(field, 'value'),
      'must be empty for an encrypted variable (secrets are set at install)',
    );
  if (isEncrypted && type === 'constant')
    throw new TemplateFieldError(fieldPath(field, 'type'), 'cannot be constant for an encrypted variable');
  const generate =
    item.generate === undefined ? null : readGenerator(item.generate, fieldPath(field, 'generate'));
  if (generate && !isEncrypted)
    throw new TemplateFieldError(fieldPath(field, 'generate'), 'is only allowed on encrypted variables');
  return { name, value, is_encrypted: isEncrypted, type, generate };
}

function readGenerator(raw: unknown, field: string): SecretGenerator {
  const item = readObject(raw, field);
  const length = item.length;
  if (typeof length !== 'number' || !Number.isInteger(length) || length < 16 || length > 128) {
    throw new TemplateFieldError(fieldPath(field, 'length'), 'must be a whole number from 16 to 128');
  }
  return { charset: readEnum(item, 'charset', SECRET_CHARSETS, field), length };
}

/** Every `${VAR}` a file needs must be a template or system variable, or have a default. */
function checkReferences(files: TemplateFile[], variables: TemplateVariable[]): void {
  const defined = new Set<string>([...variables.map((variable) => variable.name), ...SYSTEM_VARIABLES]);
  files.forEach((file, index) => {
    for (const reference of findVariableReferences(file.content)) {
      if (!defined.has(reference.name) && !reference.worksWhenUnset) {
        throw new TemplateFieldError(
          fieldPath(fieldPath('files', index), 'content'),
          `refers to \${${reference.name}}, which is not in 'variables' and has no default`,
        );
      }
    }
  });
}

function readRegistry(json: JsonObject): { tags: { name: string }[]; releases: TemplateRelease[] } {
  const registry = readObject(json.registry, 'registry');
  const releases = readArray(registry, 'releases', 'registry').map((raw, index) =>
    readRelease(raw, `registry.releases[${index}]`),
  );
  if (releases.length === 0)
    throw new TemplateFieldError('registry.releases', 'must list at least one release');
  requireUnique(
    releases.map((release) => release.name.replace(/^v/i, '')),
    (index) => `registry.releases[${index}].name`,
    'release',
  );
  const releaseNames = new Set(releases.map((release) => release.name));
  const tags = readArray(registry, 'tags', 'registry').map((raw, index) => {
    const field = `registry.tags[${index}]`;
    const name = readString(readObject(raw, field), 'name', field);
    if (!releaseNames.has(name))
      throw new TemplateFieldError(`${field}.name`, `must name one of the releases, got '${name}'`);
    return { name };
  });
  requireUnique(
    tags.map((tag) => tag.name),
    (index) => `registry.tags[${index}].name`,
    'tag',
  );
  return { tags, releases: sortVersionsDescending(releases, (release) => release.name) };
}

function readRelease(raw: unknown, field: string): TemplateRelease {
  const item = readObject(raw, field);
  const name = readString(item, 'name', field);
  if (!VERSION_PATTERN.test(name))
    throw new TemplateFieldError(
      fieldPath(field, 'name'),
      `must be a version such as 1.2.3 or v1.2.3, got '${name}'`,
    );
  const date = readString(item, 'date', field);
  const time = Date.parse(`${date}T00:00:00Z`);
  if (!ISO_DATE.test(date) || Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date) {
    throw new TemplateFieldError(
      fieldPath(field, 'date'),
      `must be a real date as YYYY-MM-DD, got '${date}'`,
    );
  }
  const imageTag = item.image_tag === undefined ? name : readString(item, 'image_tag', field);
  if (!IMAGE_TAG.test(imageTag))
    throw new TemplateFieldError(fieldPath(field, 'image_tag'), `is not a valid image tag: '${imageTag}'`);
  return {
    name,
    date,
    description: readString(item, 'description', field),
    breaking_changes: readBoolean(item, 'breaking_changes', field),
    changelog_url: readOptionalUrl(item, 'changelog_url', field),
    image_tag: imageTag,
  };
}
