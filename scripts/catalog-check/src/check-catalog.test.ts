import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { logoFor } from '../../catalog-logos.mjs';
import { checkCatalog, type CatalogReport } from './check-catalog.js';

const TODAY = '2026-12-07';

const COMPOSE = [
  'services:',
  '  web:',
  '    image: example/web:${_VERSION}',
  '    ports:',
  '      - "${HTTP_PORT}:8080"',
  '    environment:',
  '      ADMIN_PASSWORD: ${ADMIN_PASSWORD:?ADMIN_PASSWORD is required}',
  '    volumes:',
  '      - data:/data',
  '  cache:',
  '    image: redis:7.4-alpine',
  'volumes:',
  '  data:',
  '',
].join('\n');

type Template = Record<string, unknown>;

/** A template that passes every rule; each broken fixture changes one thing. */
function goodTemplate(id: string): Template {
  return {
    id,
    name: `Fixture ${id}`,
    slug: id,
    summary: 'A fixture.',
    description: 'A fixture app for the catalog check.',
    license: 'MIT',
    license_url: 'https://example.com/license',
    homepage_url: 'https://example.com',
    repository_url: 'https://example.com/source',
    registry_url: null,
    documentation_url: 'https://example.com/docs',
    keywords: ['fixture', 'web', 'test'],
    tags: ['Website'],
    alternative_to: ['Something hosted'],
    logo: `${id}.svg`,
    waiting_list: false,
    available_in: [],
    registry: {
      tags: [{ name: '1.1.0' }],
      releases: [
        release('2.0.0', '2025-06-01'),
        release('1.1.0', '2024-02-01'),
        release('1.0.0', '2023-12-24'),
      ],
    },
    files: [{ filename: 'compose.yml', content: COMPOSE }],
    variables: [
      { name: 'HTTP_PORT', value: '8080', is_encrypted: false, type: 'inherited' },
      {
        name: 'ADMIN_PASSWORD',
        value: '',
        is_encrypted: true,
        type: 'inherited',
        generate: { charset: 'alphanumeric', length: 24 },
      },
    ],
    supported_extensions: [{ extension: 'expose', service: 'web', port: 8080 }],
  };
}

function release(name: string, date: string): Template {
  return {
    name,
    date,
    description: `Release ${name}.`,
    breaking_changes: false,
    changelog_url: `https://example.com/releases/${name}`,
  };
}

const withCompose = (id: string, compose: string): Template => ({
  ...goodTemplate(id),
  files: [{ filename: 'compose.yml', content: compose }],
});

const withReleases = (id: string, ...releases: Template[]): Template => ({
  ...goodTemplate(id),
  registry: { tags: [], releases },
});

/** Broken fixtures: folder, template, and the field the check must name. */
const BROKEN: [string, Template | string, string][] = [
  ['unreadable-json', '{"id": "unreadable-json",', 'template.json'],
  ['unknown-tag', { ...goodTemplate('unknown-tag'), tags: ['Gardening'] }, 'tags[0]'],
  [
    'too-many-tags',
    { ...goodTemplate('too-many-tags'), tags: ['Website', 'Blogging', 'CMS', 'Wiki'] },
    'tags',
  ],
  [
    'upper-keyword',
    { ...goodTemplate('upper-keyword'), keywords: ['Fixture', 'web', 'test'] },
    'keywords[0]',
  ],
  ['no-docs', { ...goodTemplate('no-docs'), documentation_url: null }, 'documentation_url'],
  ['no-alternative', { ...goodTemplate('no-alternative'), alternative_to: [] }, 'alternative_to'],
  ['one-release', withReleases('one-release', release('1.0.0', '2024-01-01')), 'registry.releases'],
  [
    'future-release',
    withReleases('future-release', release('1.0.0', '2024-01-01'), release('1.1.0', '2027-03-01')),
    'registry.releases[1].date',
  ],
  [
    'ancient-release',
    withReleases('ancient-release', release('1.1.0', '2024-01-01'), release('1.0.0', '1999-12-31')),
    'registry.releases[1].date',
  ],
  [
    'misordered-releases',
    withReleases('misordered-releases', release('2.0.0', '2023-01-01'), release('1.0.0', '2024-01-01')),
    'registry.releases[0].date',
  ],
  [
    'no-changelog',
    withReleases('no-changelog', release('1.1.0', '2024-01-01'), {
      ...release('1.0.0', '2023-01-01'),
      changelog_url: null,
    }),
    'registry.releases[1].changelog_url',
  ],
  [
    'moving-release-tag',
    withReleases('moving-release-tag', release('1.1.0', '2024-01-01'), {
      ...release('1.0.0', '2023-01-01'),
      image_tag: 'latest',
    }),
    'registry.releases[1].image_tag',
  ],
  [
    'undeclared-variable',
    withCompose('undeclared-variable', COMPOSE.replace('${HTTP_PORT}', '${PORT}')),
    'files[0].content',
  ],
  [
    'latest-helper',
    withCompose('latest-helper', COMPOSE.replace('redis:7.4-alpine', 'redis:latest')),
    'files[0].services.cache.image',
  ],
  [
    'untagged-helper',
    withCompose('untagged-helper', COMPOSE.replace('redis:7.4-alpine', 'redis')),
    'files[0].services.cache.image',
  ],
  [
    'bad-reference',
    withCompose('bad-reference', COMPOSE.replace('redis:7.4-alpine', 'Redis:7.4')),
    'files[0].services.cache.image',
  ],
  [
    'fixed-app-tag',
    withCompose('fixed-app-tag', COMPOSE.replace('${_VERSION}', '2.0.0')),
    'files[0].services',
  ],
  [
    'compose-refuses',
    withCompose(
      'compose-refuses',
      COMPOSE.replace('    image: redis:7.4-alpine', '    image: redis:7.4-alpine\n    restart_when: often'),
    ),
    'files[0]',
  ],
  [
    'undeclared-host-access',
    withCompose(
      'undeclared-host-access',
      COMPOSE.replace('    image: redis:7.4-alpine', '    image: redis:7.4-alpine\n    privileged: true'),
    ),
    'host_access',
  ],
  [
    'needless-host-access',
    { ...goodTemplate('needless-host-access'), host_access: 'Uses the host network.' },
    'host_access',
  ],
  [
    'wrong-exposure-port',
    {
      ...goodTemplate('wrong-exposure-port'),
      supported_extensions: [{ extension: 'expose', service: 'web', port: 9000 }],
    },
    'supported_extensions[0].port',
  ],
  ['other-logo-name', { ...goodTemplate('other-logo-name'), logo: 'fixture.svg' }, 'logo'],
];

let root: string;
let report: CatalogReport;

before(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-check-fixtures-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'tags.json'), JSON.stringify(['Website', 'Blogging', 'CMS', 'Wiki']));
  const templates: [string, Template | string][] = [
    ['good-app', goodTemplate('good-app')],
    ...BROKEN.map(([folder, template]) => [folder, template] as [string, Template | string]),
  ];
  for (const [folder, template] of templates) {
    fs.mkdirSync(path.join(root, 'templates', folder), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'templates', folder, 'template.json'),
      typeof template === 'string' ? template : JSON.stringify(template),
    );
    const logo = { id: folder, name: typeof template === 'string' ? folder : String(template.name) };
    fs.writeFileSync(path.join(root, 'assets', `${folder}.svg`), logoFor(logo).svg);
  }
  fs.copyFileSync(path.join(root, 'assets', 'good-app.svg'), path.join(root, 'assets', 'fixture.svg'));
  report = await checkCatalog(root, { today: TODAY });
});

after(() => fs.rmSync(root, { recursive: true, force: true }));

test('a complete template passes every rule', () => {
  assert.deepEqual(
    report.problems.filter((problem) => problem.template === 'good-app'),
    [],
  );
});

for (const [folder, , field] of BROKEN) {
  test(`a broken template is reported with its folder and field: ${folder} (${field})`, () => {
    const found = report.problems.filter((problem) => problem.template === folder);
    assert.ok(
      found.some((problem) => problem.field === field),
      `expected a problem in field '${field}', got ${JSON.stringify(found)}`,
    );
  });
}

test('the report counts templates, tags and letter marks', () => {
  assert.equal(report.folders.length, BROKEN.length + 1);
  // Tagged Website: every fixture the loader reads (all but unreadable-json and undeclared-variable)
  // except unknown-tag.
  assert.deepEqual(report.tagCounts[0], ['Website', BROKEN.length + 1 - 2 - 1]);
  assert.ok(report.letterMarks.includes('good-app'), 'a fixture name has no brand mark: a letter mark');
});
