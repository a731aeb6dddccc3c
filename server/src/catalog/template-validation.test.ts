import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { TemplateFieldError } from './template-fields.js';
import { parseTemplate } from './template-validation.js';
import { minimalTemplate, removeCatalogRoots, writeCatalogRoot } from '../test/test-catalog.js';

after(removeCatalogRoots);

/** Parses `template` as if it lived in a folder named after its id; returns the error message. */
function problemWith(overrides: Record<string, unknown>, id = 'sample'): string {
  const root = writeCatalogRoot({});
  const dir = path.join(root, 'templates', id);
  fs.mkdirSync(dir, { recursive: true });
  try {
    parseTemplate(minimalTemplate(id, overrides), dir);
  } catch (error) {
    assert.ok(error instanceof TemplateFieldError, String(error));
    return error.message;
  }
  assert.fail('expected the template to be rejected');
}

const release = (fields: Record<string, unknown>): Record<string, unknown> => ({
  tags: [],
  releases: [
    {
      name: '1.0.0',
      date: '2024-01-01',
      description: 'x',
      breaking_changes: false,
      changelog_url: null,
      ...fields,
    },
  ],
});

test('the minimal template is valid', () => {
  const root = writeCatalogRoot({});
  const dir = path.join(root, 'templates', 'sample');
  fs.mkdirSync(dir, { recursive: true });
  assert.equal(parseTemplate(minimalTemplate('sample'), dir).id, 'sample');
});

test('each invalid field is named in the error', () => {
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ id: 'Other' }, /field 'id' must be lowercase/],
    [{ id: 'other' }, /field 'id' must equal its folder name 'sample'/],
    [{ name: '' }, /field 'name' must not be empty/],
    [{ homepage_url: 'ftp://x' }, /field 'homepage_url' must be an http\(s\) URL/],
    [{ homepage_url: 'not a url' }, /field 'homepage_url' must be an absolute URL/],
    [{ available_in: ['free', 'gold'] }, /field 'available_in\[1\]' must be one of free, pro, business/],
    [{ waiting_list: 'yes' }, /field 'waiting_list' must be true or false/],
    [{ tags: ['ok', 3] }, /field 'tags\[1\]' must be a non-empty string/],
    [{ logo: '../x.svg' }, /field 'logo' must be an asset filename/],
    [
      { sponsorship: [{ name: 'x', url: 'javascript:alert(1)' }] },
      /field 'sponsorship\[0\]\.url' must be an http\(s\) URL/,
    ],
    [
      { registry: release({ date: '2024-02-30' }) },
      /field 'registry\.releases\[0\]\.date' must be a real date/,
    ],
    [{ registry: release({ name: 'latest' }) }, /field 'registry\.releases\[0\]\.name' must be a version/],
    [
      { registry: release({ image_tag: 'bad tag' }) },
      /field 'registry\.releases\[0\]\.image_tag' is not a valid image tag/,
    ],
    [
      { registry: { ...release({}), tags: [{ name: '9.9.9' }] } },
      /field 'registry\.tags\[0\]\.name' must name one of the releases/,
    ],
    [{ registry: { tags: [], releases: [] } }, /field 'registry\.releases' must list at least one release/],
    [{ extension: 'vpn' }, /field 'extension' must be one of expose/],
    [
      { extension: 'expose', extension_service: 'ghost' },
      /field 'extension_service' names 'ghost', which is not a service/,
    ],
    [
      { extension: 'expose', extension_service: 'app' },
      /field 'variables' must declare HTTP_PORT, HTTPS_PORT, ACME_EMAIL/,
    ],
    [{ supported_extensions: ['proxy'] }, /field 'supported_extensions\[0\]' must be an object/],
    [
      { supported_extensions: [{ extension: 'expose', service: 'app', port: 0 }] },
      /field 'supported_extensions\[0\]\.port' must be a whole number from 1 to 65535/,
    ],
    [
      { supported_extensions: [{ extension: 'expose', service: 'db', port: 80 }] },
      /field 'supported_extensions\[0\]\.service' names 'db', which is not a service of compose.yml/,
    ],
    [
      {
        supported_extensions: [
          { extension: 'expose', service: 'app', port: 80 },
          { extension: 'expose', service: 'app', port: 81 },
        ],
      },
      /field 'supported_extensions\[1\]\.extension' repeats extension 'expose'/,
    ],
  ];
  for (const [overrides, expected] of cases)
    assert.match(problemWith(overrides), expected, JSON.stringify(overrides));
});

test('files must be safe, unique, and include a Compose file', () => {
  const compose = { filename: 'compose.yml', content: 'services: {}\n' };
  assert.match(
    problemWith({ files: [compose, { filename: '../etc/passwd', content: '' }] }),
    /field 'files\[1\]\.filename' Filename must not contain path traversal sequences/,
  );
  assert.match(
    problemWith({ files: [compose, { filename: 'a b.txt', content: '' }] }),
    /Filename can only contain letters/,
  );
  assert.match(
    problemWith({ files: [compose, { filename: 'compose.yml', content: '' }] }),
    /field 'files\[1\]\.filename' repeats filename/,
  );
  assert.match(
    problemWith({ files: [{ filename: 'app.env', content: '' }] }),
    /field 'files' must include a Compose file/,
  );
  assert.match(
    problemWith({ files: [{ filename: 'compose.yml', path: '../../../etc/passwd' }] }),
    /field 'files\[0\]\.path' must point inside the template folder/,
  );
  assert.match(
    problemWith({ files: [{ filename: 'compose.yml', path: 'missing.yml' }] }),
    /field 'files\[0\]\.path' names a file that cannot be read/,
  );
  assert.match(
    problemWith({ files: [{ filename: 'compose.yml', path: 'x', content: 'y' }] }),
    /exactly one of 'content' or 'path'/,
  );
});

test('variables follow the naming, secret and reference rules', () => {
  const variable = (fields: Record<string, unknown>): Record<string, unknown> => ({
    name: 'X',
    value: '',
    is_encrypted: false,
    type: 'inherited',
    ...fields,
  });
  const withVariables = (variables: unknown[], content = 'services: {}\n'): Record<string, unknown> => ({
    variables,
    files: [{ filename: 'compose.yml', content }],
  });
  assert.match(
    problemWith(withVariables([variable({ name: '_MINE' })])),
    /field 'variables\[0\]\.name' starts with an underscore, which is reserved/,
  );
  assert.match(
    problemWith(withVariables([variable({ name: '1X' })])),
    /field 'variables\[0\]\.name' must start with a letter or underscore/,
  );
  assert.match(
    problemWith(withVariables([variable({}), variable({})])),
    /field 'variables\[1\]\.name' repeats variable 'X'/,
  );
  assert.match(
    problemWith(withVariables([variable({ is_encrypted: true, value: 'hunter2' })])),
    /field 'variables\[0\]\.value' must be empty for an encrypted variable/,
  );
  assert.match(
    problemWith(withVariables([variable({ is_encrypted: true, type: 'constant' })])),
    /cannot be constant for an encrypted variable/,
  );
  assert.match(
    problemWith(withVariables([variable({ generate: { charset: 'hex', length: 32 } })])),
    /field 'variables\[0\]\.generate' is only allowed on encrypted variables/,
  );
  assert.match(
    problemWith(withVariables([variable({ is_encrypted: true, generate: { charset: 'hex', length: 4 } })])),
    /generate\.length' must be a whole number from 16 to 128/,
  );
  assert.match(
    problemWith(withVariables([variable({ type: 'user' })])),
    /field 'variables\[0\]\.type' must be one of constant, inherited/,
  );
  assert.match(
    problemWith(withVariables([variable({})], 'x: ${X}\ny: ${MISSING:?needed}\n')),
    /field 'files\[0\]\.content' refers to \$\{MISSING\}, which is not in 'variables' and has no default/,
  );
  const root = writeCatalogRoot({});
  const dir = path.join(root, 'templates', 'sample');
  fs.mkdirSync(dir, { recursive: true });
  const accepted = parseTemplate(
    minimalTemplate(
      'sample',
      withVariables([variable({})], 'x: ${X} ${_VERSION} ${OPT:-1} ${ALT+a} $$ESCAPED\n'),
    ),
    dir,
  );
  assert.equal(accepted.variables[0]?.name, 'X');
});
