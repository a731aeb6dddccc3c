/** Test helpers: a temporary catalog root with templates written from plain objects. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The shipped catalog root (server/catalog). */
export const SHIPPED_CATALOG_DIR = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  '..',
  '..',
  'catalog',
);

/** A minimal valid template.json for `id`, using the logo `fallback.svg`. Override fields freely. */
export function minimalTemplate(
  id: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id,
    name: `Test ${id}`,
    slug: id,
    summary: 'A test app.',
    description: 'A test app built from a local image.',
    license: 'MIT',
    license_url: null,
    homepage_url: 'https://example.com',
    repository_url: null,
    registry_url: null,
    documentation_url: null,
    keywords: ['test'],
    tags: ['Testing'],
    alternative_to: [],
    logo: 'fallback.svg',
    waiting_list: false,
    available_in: ['free', 'pro', 'business'],
    registry: {
      tags: [{ name: '1.0.0' }],
      releases: [
        {
          name: '1.0.0',
          date: '2024-01-02',
          description: 'First.',
          breaking_changes: false,
          changelog_url: null,
        },
        {
          name: '1.10.0',
          date: '2024-03-04',
          description: 'Newest.',
          breaking_changes: true,
          changelog_url: null,
          image_tag: 'v1.10.0-local',
        },
        {
          name: '1.9.0',
          date: '2024-02-03',
          description: 'Middle.',
          breaking_changes: false,
          changelog_url: null,
        },
      ],
    },
    files: [
      {
        filename: 'compose.yml',
        content:
          'services:\n  app:\n    image: dockhand-test:${_VERSION}\n    environment:\n      GREETING: ${GREETING}\n      SECRET: ${SECRET:?SECRET is required}\n',
      },
    ],
    variables: [
      { name: 'GREETING', value: 'hello', is_encrypted: false, type: 'inherited' },
      {
        name: 'SECRET',
        value: '',
        is_encrypted: true,
        type: 'inherited',
        generate: { charset: 'hex', length: 32 },
      },
    ],
    ...overrides,
  };
}

/** Creates `{root}/templates/<folder>/template.json` for each entry (string = raw file text) and `{root}/assets/fallback.svg`. */
const createdRoots: string[] = [];

/** Deletes every root made by writeCatalogRoot (call from `after`). */
export function removeCatalogRoots(): void {
  for (const root of createdRoots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
}

export function writeCatalogRoot(templates: Record<string, Record<string, unknown> | string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dockhand-catalog-'));
  createdRoots.push(root);
  for (const [folder, template] of Object.entries(templates)) {
    const dir = path.join(root, 'templates', folder);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'template.json'),
      typeof template === 'string' ? template : JSON.stringify(template),
    );
  }
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  fs.copyFileSync(
    path.join(SHIPPED_CATALOG_DIR, 'assets', 'fallback.svg'),
    path.join(root, 'assets', 'fallback.svg'),
  );
  return root;
}

/** Collects what the loader logs. */
export function memoryLogger(): { messages: string[]; error(message: string): void } {
  const messages: string[] = [];
  return { messages, error: (message) => messages.push(message) };
}
