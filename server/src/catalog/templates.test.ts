import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { DomainError } from '../errors/domain-error.js';
import { httpStatusOf } from '../http/error-statuses.js';
import { SYSTEM_VARIABLES } from './template-validation.js';
import { clearCatalogCache, generateSecretValue, getCatalog, loadCatalog } from './templates.js';
import {
  SHIPPED_CATALOG_DIR,
  memoryLogger,
  minimalTemplate,
  removeCatalogRoots,
  writeCatalogRoot,
} from '../test/test-catalog.js';
import { findVariableReferences } from 'contract';

after(removeCatalogRoots);

const shipped = (): ReturnType<typeof loadCatalog> => {
  const logger = memoryLogger();
  const catalog = loadCatalog({ roots: [SHIPPED_CATALOG_DIR] }, logger);
  assert.deepEqual(logger.messages, [], 'the shipped catalog logs no errors');
  return catalog;
};

const CATALOG_ITEM_KEYS = [
  'alternative_to',
  'available_in',
  'description',
  'documentation_url',
  'homepage_url',
  'host_access',
  'id',
  'keywords',
  'license',
  'license_url',
  'logo',
  'name',
  'registry',
  'registry_url',
  'repository_url',
  'slug',
  'sponsorship',
  'summary',
  'tags',
  'waiting_list',
];

test('every shipped template validates and there are at least 20', () => {
  const catalog = shipped();
  assert.deepEqual(catalog.errors, []);
  const folders = fs.readdirSync(path.join(SHIPPED_CATALOG_DIR, 'templates'));
  const items = catalog.listCatalogItems();
  assert.equal(items.length, folders.length);
  assert.ok(items.length >= 20, `only ${items.length} templates`);
});

test('catalog items have exactly the spec fields, sorted by name, without deploy data', () => {
  const items = shipped().listCatalogItems();
  for (const item of items) {
    assert.deepEqual(Object.keys(item).sort(), CATALOG_ITEM_KEYS, item.id);
    for (const release of item.registry.releases) {
      assert.deepEqual(
        Object.keys(release).sort(),
        ['breaking_changes', 'changelog_url', 'date', 'description', 'name'],
        item.id,
      );
    }
  }
  const names = items.map((item) => item.name);
  assert.deepEqual(
    names,
    [...names].sort((a, b) => a.localeCompare(b)),
  );
});

test('shipped data covers the plan and waiting-list cases and the expose extension', () => {
  const catalog = shipped();
  const items = catalog.listCatalogItems();
  assert.ok(items.filter((item) => item.waiting_list).length >= 2, 'at least 2 waiting-list items');
  assert.ok(
    items.some((item) => !item.available_in.includes('free') && item.available_in.includes('pro')),
    'a pro item without free',
  );
  assert.ok(
    items.some((item) => item.available_in.length === 1 && item.available_in[0] === 'business'),
    'a business-only item',
  );
  const caddy = catalog.getTemplate('caddy');
  assert.deepEqual([caddy.extension, caddy.extension_service], ['expose', 'caddy']);
  assert.match(
    caddy.files.find((file) => file.filename === 'compose.yml')?.content ?? '',
    /image: caddy:\$\{_VERSION\}/,
  );
  assert.deepEqual(catalog.getTemplate('nextcloud').supported_extensions, [
    { extension: 'expose', service: 'app', port: 80 },
  ]);
  for (const item of items) assert.ok(item.registry.tags.length >= 1, `${item.id} has a Free-plan version`);
});

test('a shipped template that needs more than the default admission policy declares host_access', () => {
  const catalog = shipped();
  const needsHost = /network_mode:\s*host|privileged:\s*true|docker\.sock|pid:\s*host|cap_add|devices:/;
  for (const { id, host_access } of catalog.listCatalogItems()) {
    const compose = catalog
      .getTemplate(id)
      .files.map((file) => file.content)
      .join('\n');
    assert.equal(host_access !== null, needsHost.test(compose), id);
  }
  assert.match(catalog.getTemplate('home-assistant').host_access ?? '', /network_mode: host/);
});

test('each reference in a shipped file is a declared or system variable, or has a default', () => {
  const catalog = shipped();
  for (const { id } of catalog.listCatalogItems()) {
    const template = catalog.getTemplate(id);
    const declared = new Set<string>([
      ...template.variables.map((variable) => variable.name),
      ...SYSTEM_VARIABLES,
    ]);
    for (const file of template.files) {
      const references = findVariableReferences(file.content);
      // The image tag follows the release; other files (Caddy's Caddyfile) need not name it.
      if (/^(docker-)?compose\.ya?ml$/.test(file.filename))
        assert.ok(
          references.some((reference) => reference.name === '_VERSION'),
          `${id}/${file.filename} uses \${_VERSION}`,
        );
      for (const reference of references) {
        assert.ok(
          declared.has(reference.name) || reference.worksWhenUnset,
          `${id}/${file.filename}: \${${reference.name}}`,
        );
      }
    }
    for (const variable of template.variables.filter((candidate) => candidate.is_encrypted)) {
      assert.equal(variable.value, '', `${id}: secret ${variable.name} ships without a value`);
    }
  }
});

test('each logo is a well-formed SVG in the assets folder, and the fallback exists', () => {
  const assets = path.join(SHIPPED_CATALOG_DIR, 'assets');
  const logos = shipped()
    .listCatalogItems()
    .map((item) => item.logo);
  for (const logo of [...logos, 'fallback.svg']) {
    const svg = fs.readFileSync(path.join(assets, logo), 'utf8');
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>[\s\S]*<\/svg>\s*$/, logo);
    assert.doesNotMatch(svg.replace(/<[^<>]*>/g, ''), /[<>]/, `${logo} has no stray angle brackets in text`);
    assert.doesNotMatch(svg, /<script|on\w+=/i, `${logo} has no script`);
  }
});

test('resolveRelease picks the newest by numeric-aware order, or the named one', () => {
  const root = writeCatalogRoot({ sample: minimalTemplate('sample') });
  const catalog = loadCatalog({ roots: [root] }, memoryLogger());
  assert.equal(catalog.resolveRelease('sample').name, '1.10.0');
  assert.equal(catalog.resolveRelease('sample', '1.9.0').name, '1.9.0');
  assert.equal(catalog.resolveRelease('sample', 'v1.9.0').name, '1.9.0', 'a leading v is ignored');
  assert.deepEqual(
    catalog.listCatalogItems()[0]?.registry.releases.map((release) => release.name),
    ['1.10.0', '1.9.0', '1.0.0'],
  );
  assert.throws(
    () => catalog.resolveRelease('sample', '3.0.0'),
    (error: unknown) =>
      error instanceof DomainError && httpStatusOf(error.code) === 404 && /3\.0\.0/.test(error.message),
  );
  assert.throws(
    () => catalog.getTemplate('nope'),
    (error: unknown) =>
      error instanceof DomainError && error.message === 'App not found' && httpStatusOf(error.code) === 404,
  );
});

test('on the Free plan only tagged releases resolve', () => {
  const catalog = loadCatalog(
    { roots: [writeCatalogRoot({ sample: minimalTemplate('sample') })] },
    memoryLogger(),
  );
  assert.equal(catalog.resolveRelease('sample', undefined, { freePlanOnly: true }).name, '1.0.0');
  assert.throws(
    () => catalog.resolveRelease('sample', '1.10.0', { freePlanOnly: true }),
    (error: unknown) =>
      error instanceof DomainError && httpStatusOf(error.code) === 403 && error.message.includes('Pro'),
  );
});

test('getDeployment returns the files and variables with _VERSION set to the release image tag', () => {
  const catalog = loadCatalog(
    { roots: [writeCatalogRoot({ sample: minimalTemplate('sample') })] },
    memoryLogger(),
  );
  const newest = catalog.getDeployment('sample');
  assert.equal(newest.version, '1.10.0');
  assert.deepEqual(
    newest.files.map((file) => file.filename),
    ['compose.yml'],
  );
  assert.deepEqual(
    newest.variables.map((variable) => [variable.name, variable.value, variable.type]),
    [
      ['GREETING', 'hello', 'inherited'],
      ['SECRET', '', 'inherited'],
      ['_VERSION', 'v1.10.0-local', 'constant'],
    ],
  );
  assert.equal(
    catalog.getDeployment('sample', '1.9.0').variables.at(-1)?.value,
    '1.9.0',
    'image tag defaults to the name',
  );
  newest.files[0]!.content = 'changed';
  assert.notEqual(catalog.getDeployment('sample').files[0]?.content, 'changed', 'callers get copies');
});

test('a broken template in the extra folder is skipped and reported; the rest still load', () => {
  const extra = writeCatalogRoot({
    'good-test': minimalTemplate('good-test'),
    'not-json': '{ this is not json',
    'bad-date': minimalTemplate('bad-date', {
      registry: {
        tags: [],
        releases: [
          {
            name: '1.0.0',
            date: '2024-02-31',
            description: 'x',
            breaking_changes: false,
            changelog_url: null,
          },
        ],
      },
    }),
    nextcloud: minimalTemplate('nextcloud'),
  });
  const logger = memoryLogger();
  const catalog = loadCatalog({ roots: [SHIPPED_CATALOG_DIR, extra] }, logger);
  assert.equal(catalog.getTemplate('good-test').name, 'Test good-test');
  assert.equal(
    catalog.getTemplate('nextcloud').name,
    'Nextcloud',
    'the shipped template wins a duplicate id',
  );
  assert.deepEqual(catalog.errors.map((error) => error.template).sort(), [
    'bad-date',
    'nextcloud',
    'not-json',
  ]);
  assert.deepEqual(
    logger.messages,
    catalog.errors.map((error) => error.message),
  );
  const message = (name: string): string =>
    catalog.errors.find((error) => error.template === name)?.message ?? '';
  assert.match(
    message('bad-date'),
    /^Catalog template 'bad-date' skipped: field 'registry\.releases\[0\]\.date' must be a real date/,
  );
  assert.match(
    message('not-json'),
    /^Catalog template 'not-json' skipped: template\.json cannot be read as JSON/,
  );
  assert.match(message('nextcloud'), /field 'id' repeats 'nextcloud'/);
});

test('a template whose logo is missing is skipped with the field named', () => {
  const logger = memoryLogger();
  const catalog = loadCatalog(
    { roots: [writeCatalogRoot({ nologo: minimalTemplate('nologo', { logo: 'nologo.svg' }) })] },
    logger,
  );
  assert.equal(catalog.listCatalogItems().length, 0);
  assert.match(logger.messages[0] ?? '', /'nologo' skipped: field 'logo' names 'nologo\.svg'/);
});

test('a missing catalog folder is reported, not thrown', () => {
  const logger = memoryLogger();
  const catalog = loadCatalog({ roots: ['/nonexistent/dockhand-catalog'] }, logger);
  assert.deepEqual(catalog.listCatalogItems(), []);
  assert.match(
    logger.messages[0] ?? '',
    /Catalog folder \/nonexistent\/dockhand-catalog\/templates cannot be read/,
  );
});

test('getCatalog loads once per configuration until the cache is cleared', () => {
  clearCatalogCache();
  const root = writeCatalogRoot({ sample: minimalTemplate('sample') });
  const config = { catalogDir: root, catalogExtraDir: null };
  const first = getCatalog(config, memoryLogger());
  assert.equal(getCatalog(config, memoryLogger()), first);
  clearCatalogCache();
  assert.notEqual(getCatalog(config, memoryLogger()), first);
  clearCatalogCache();
});

test('generated secrets follow the charset and length and differ each time', () => {
  const hex = generateSecretValue({ charset: 'hex', length: 33 });
  assert.match(hex, /^[0-9a-f]{33}$/);
  const alphanumeric = generateSecretValue({ charset: 'alphanumeric', length: 40 });
  assert.match(alphanumeric, /^[A-Za-z0-9]{40}$/);
  assert.notEqual(generateSecretValue({ charset: 'alphanumeric', length: 40 }), alphanumeric);
});
