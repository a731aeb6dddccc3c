import { ENCRYPTED_PLACEHOLDER } from 'shared';
import {
  addFile,
  addUploadedFiles,
  addVariable,
  createDraft,
  deleteOverride,
  filesReferencingVariable,
  isDirty,
  overrideFile,
  overrideVariable,
  removeFile,
  removeVariable,
  renameFile,
  renameVariable,
  secretToggleOf,
  setFileContent,
  setVariableValue,
  toggleSecret,
  variableRemovalNeedsConfirmation,
  type ConfigDraft,
} from './config-draft';
import { fileRows, rowsOfApp, variableRows } from './draft-rows';
import { APP_ID, appDetails } from './test-fixtures';

const fileNamed = (draft: ConfigDraft, filename: string) =>
  draft.files.filter((f) => f.filename === filename);
const variableNamed = (draft: ConfigDraft, name: string) => draft.variables.filter((v) => v.name === name);

describe('createDraft', () => {
  it('holds each file and variable with its content or value', () => {
    const draft = createDraft(
      appDetails({
        files: [{ filename: 'compose.yml', content: 'services: {}', type: 'inherited' }],
        variables: [{ name: 'PORT', value: '8080' }],
      }),
    );
    expect(draft.appId).toBe(APP_ID);
    expect(draft.files).toEqual([
      expect.objectContaining({ filename: 'compose.yml', content: 'services: {}', type: 'inherited' }),
    ]);
    expect(draft.variables).toEqual([expect.objectContaining({ name: 'PORT', value: '8080', type: 'user' })]);
  });

  it('is empty for a new app', () => {
    expect(createDraft(null)).toEqual({
      appId: '',
      files: [],
      variables: [],
      extensionValues: [],
      supportedExtensions: [],
    });
  });
});

describe('isDirty', () => {
  const baseline = createDraft(appDetails({ variables: [{ name: 'PORT', value: '80' }] }));

  it('is clean until something changes, and clean again once the change is undone', () => {
    expect(isDirty(baseline, baseline)).toBe(false);
    const changed = setVariableValue(baseline, 'v1', '81');
    expect(isDirty(changed, baseline)).toBe(true);
    expect(isDirty(setVariableValue(changed, 'v1', '80'), baseline)).toBe(false);
  });
});

describe('files', () => {
  it('adds compose.yml by default, made unique when the name is taken', () => {
    const one = addFile(createDraft(null));
    expect(one.files.map((f) => f.filename)).toEqual(['compose.yml']);
    const two = addFile(one);
    const three = addFile(two);
    expect(three.files.map((f) => f.filename)).toEqual(['compose.yml', 'compose-1.yml', 'compose-2.yml']);
    expect(new Set(three.files.map((f) => f.id)).size).toBe(3);
    expect(three.files.every((f) => f.type === 'user' && f.content === '' && !f.is_encrypted)).toBe(true);
  });

  it('does not add a file that would silently override an inherited one', () => {
    const draft = createDraft(appDetails({ files: [{ filename: 'compose.yml', type: 'inherited' }] }));
    expect(addFile(draft).files.at(-1)?.filename).toBe('compose-1.yml');
  });

  it('adds several uploaded files with their contents, renaming those whose name is taken', () => {
    const draft = createDraft(appDetails({ files: [{ filename: '.env', content: 'A=1' }] }));
    const next = addUploadedFiles(draft, [
      { name: 'nginx.conf', content: 'server {}' },
      { name: '.env', content: 'B=2' },
    ]);
    expect(next.files.map((f) => [f.filename, f.content, f.type])).toEqual([
      ['.env', 'A=1', 'user'],
      ['nginx.conf', 'server {}', 'user'],
      ['.env-1', 'B=2', 'user'],
    ]);
  });

  it('renames and edits user files only', () => {
    const draft = createDraft(
      appDetails({
        files: [
          { id: 'tpl', filename: 'compose.yml', content: 'a', type: 'inherited' },
          { id: 'own', filename: 'extra.yml', content: 'b' },
        ],
      }),
    );
    const renamed = renameFile(renameFile(draft, 'tpl', 'x.yml'), 'own', 'more.yml');
    expect(renamed.files.map((f) => f.filename)).toEqual(['compose.yml', 'more.yml']);
    const edited = setFileContent(setFileContent(draft, 'tpl', 'changed'), 'own', 'changed');
    expect(edited.files.map((f) => f.content)).toEqual(['a', 'changed']);
  });

  it('deletes user files, never template files', () => {
    const draft = createDraft(
      appDetails({
        files: [
          { id: 'tpl', filename: 'compose.yml', type: 'inherited' },
          { id: 'own', filename: 'extra.yml' },
        ],
      }),
    );
    expect(removeFile(removeFile(draft, 'tpl'), 'own').files.map((f) => f.id)).toEqual(['tpl']);
  });
});

describe('secret toggle', () => {
  const draft = createDraft(
    appDetails({
      files: [
        { id: 'tpl', filename: 'compose.yml', type: 'inherited' },
        { id: 'key', filename: 'key.pem', content: ENCRYPTED_PLACEHOLDER, is_encrypted: true },
      ],
      variables: [
        { id: 'plain', name: 'PORT', value: '80' },
        { id: 'stored', name: 'TOKEN', value: ENCRYPTED_PLACEHOLDER, is_encrypted: true },
        { id: 'typed', name: 'NEW_TOKEN', value: 'fresh', is_encrypted: true },
        { id: 'const', name: 'MODE', value: 'prod', type: 'constant' },
      ],
    }),
  );
  const variable = (d: ConfigDraft, id: string) => d.variables.find((v) => v.id === id);

  it('is offered only on user entries', () => {
    expect(secretToggleOf(draft.files[0]!)).toBe('not-allowed');
    expect(secretToggleOf(variable(draft, 'const')!)).toBe('not-allowed');
    expect(toggleSecret(draft, 'file', 'tpl')).toEqual(draft);
    expect(toggleSecret(draft, 'variable', 'const')).toEqual(draft);
  });

  it('marks a user entry secret and public again, keeping a value typed in the browser', () => {
    expect(secretToggleOf(variable(draft, 'plain')!)).toBe('toggle');
    const secret = toggleSecret(draft, 'variable', 'plain');
    expect(variable(secret, 'plain')).toMatchObject({ is_encrypted: true, value: '80' });
    expect(secretToggleOf(variable(draft, 'typed')!)).toBe('toggle');
    expect(variable(toggleSecret(draft, 'variable', 'typed'), 'typed')).toMatchObject({
      is_encrypted: false,
      value: 'fresh',
    });
  });

  it("asks for 'Confirm Decryption' before making a stored secret public, which then erases it", () => {
    expect(secretToggleOf(variable(draft, 'stored')!)).toBe('confirm-decryption');
    expect(variable(toggleSecret(draft, 'variable', 'stored'), 'stored')).toMatchObject({
      is_encrypted: false,
      value: '',
    });
    expect(secretToggleOf(draft.files[1]!)).toBe('confirm-decryption');
    expect(toggleSecret(draft, 'file', 'key').files[1]).toMatchObject({ is_encrypted: false, content: '' });
  });
});

describe('override', () => {
  const draft = createDraft(
    appDetails({
      files: [
        { id: 'tpl', filename: 'compose.yml', content: 'services: {}', type: 'inherited' },
        {
          id: 'tpl-env',
          filename: '.env',
          content: ENCRYPTED_PLACEHOLDER,
          type: 'inherited',
          is_encrypted: true,
        },
      ],
      variables: [
        { id: 'port', name: 'PORT', value: '80', type: 'inherited' },
        { id: 'mode', name: 'MODE', value: 'prod', type: 'constant' },
        { id: 'pass', name: 'PASSWORD', value: ENCRYPTED_PLACEHOLDER, type: 'inherited', is_encrypted: true },
      ],
    }),
  );

  it('copies an inherited file into a user file with the same filename and content', () => {
    const next = overrideFile(draft, 'tpl');
    expect(fileNamed(next, 'compose.yml')).toEqual([
      expect.objectContaining({ id: 'tpl', type: 'inherited' }),
      expect.objectContaining({ type: 'user', content: 'services: {}', app_id: APP_ID, is_encrypted: false }),
    ]);
    expect(fileRows(next)[0]).toMatchObject({ isOverride: true, entry: { type: 'user' } });
  });

  it('copies an inherited variable into a user variable with the same name and value', () => {
    const next = overrideVariable(draft, 'port');
    expect(variableNamed(next, 'PORT').map((v) => [v.type, v.value])).toEqual([
      ['inherited', '80'],
      ['user', '80'],
    ]);
  });

  it('keeps the secret flag but not the placeholder, which only stands for the template value', () => {
    expect(variableNamed(overrideVariable(draft, 'pass'), 'PASSWORD')[1]).toMatchObject({
      type: 'user',
      is_encrypted: true,
      value: '',
    });
    expect(fileNamed(overrideFile(draft, 'tpl-env'), '.env')[1]).toMatchObject({
      is_encrypted: true,
      content: '',
    });
  });

  it('is skipped when a user item of that name exists', () => {
    const once = overrideVariable(overrideFile(draft, 'tpl'), 'port');
    expect(overrideFile(once, 'tpl')).toBe(once);
    expect(overrideVariable(once, 'port')).toBe(once);
  });

  it('refuses constants', () => {
    expect(overrideVariable(draft, 'mode')).toBe(draft);
  });

  it("'Delete override' goes back to the inherited item", () => {
    const overridden = overrideVariable(overrideFile(draft, 'tpl'), 'port');
    const back = deleteOverride(deleteOverride(overridden, 'file', 'tpl'), 'variable', 'port');
    expect(back).toEqual(draft);
    expect(fileRows(back)[0]).toMatchObject({ isOverride: false, entry: { id: 'tpl' } });
  });
});

describe('variables', () => {
  it('adds an empty user variable', () => {
    const next = addVariable(addVariable(createDraft(null)));
    expect(next.variables).toEqual([
      expect.objectContaining({ name: '', value: '', type: 'user', is_encrypted: false }),
      expect.objectContaining({ name: '', value: '', type: 'user', is_encrypted: false }),
    ]);
    expect(next.variables[0]?.id).not.toBe(next.variables[1]?.id);
  });

  it('sets values of user variables only', () => {
    const draft = createDraft(
      appDetails({
        variables: [
          { id: 'tpl', name: 'A', value: '1', type: 'inherited' },
          { id: 'own', name: 'B', value: '2' },
        ],
      }),
    );
    const next = setVariableValue(setVariableValue(draft, 'tpl', 'x'), 'own', 'y');
    expect(next.variables.map((v) => v.value)).toEqual(['1', 'y']);
  });

  it('deletes user variables, never template variables', () => {
    const draft = createDraft(
      appDetails({
        variables: [
          { id: 'tpl', name: 'A', type: 'inherited' },
          { id: 'own', name: 'B' },
        ],
      }),
    );
    expect(removeVariable(removeVariable(draft, 'tpl'), 'own').variables.map((v) => v.id)).toEqual(['tpl']);
  });
});

describe('renameVariable', () => {
  const draft = createDraft(
    appDetails({
      files: [
        { id: 'a', filename: 'compose.yml', content: 'image: db:${DB_TAG:-16}\nuser: $DB_USER' },
        { id: 'b', filename: '.env', content: 'X=${DB_TAG:?tag needed}\nY=${DB_TAG}\nZ=${DB_TAGS}' },
        { id: 'tpl', filename: 'base.yml', content: '${DB_TAG}', type: 'inherited' },
      ],
      variables: [
        { id: 'tag', name: 'DB_TAG', value: '16' },
        { id: 'user', name: 'DB_USER', value: 'app' },
      ],
    }),
  );

  it('renames and rewrites references in every user file, keeping defaults and messages', () => {
    const next = renameVariable(draft, 'tag', 'POSTGRES_TAG');
    expect(next.variables[0]?.name).toBe('POSTGRES_TAG');
    expect(next.files.map((f) => f.content)).toEqual([
      'image: db:${POSTGRES_TAG:-16}\nuser: $DB_USER',
      'X=${POSTGRES_TAG:?tag needed}\nY=${POSTGRES_TAG}\nZ=${DB_TAGS}',
      '${DB_TAG}',
    ]);
  });

  it('leaves references alone while the new name is not a valid name', () => {
    const next = renameVariable(draft, 'tag', '');
    expect(next.variables[0]?.name).toBe('');
    expect(next.files).toEqual(draft.files);
  });

  it('leaves references alone when another variable still has the old name', () => {
    const twice = createDraft(
      appDetails({
        files: [{ filename: 'compose.yml', content: '${PORT}' }],
        variables: [
          { id: 'p1', name: 'PORT' },
          { id: 'p2', name: 'PORT' },
        ],
      }),
    );
    expect(renameVariable(twice, 'p2', 'OTHER_PORT').files[0]?.content).toBe('${PORT}');
  });

  it('does not rename template variables', () => {
    const tpl = createDraft(appDetails({ variables: [{ id: 'i', name: 'A', type: 'inherited' }] }));
    expect(renameVariable(tpl, 'i', 'B')).toBe(tpl);
  });
});

describe('removing a referenced variable', () => {
  const draft = createDraft(
    appDetails({
      files: [
        { filename: 'compose.yml', content: 'port: ${PORT:-80}\nmode: $MODE', type: 'inherited' },
        { filename: 'extra.yml', content: 'token: ${TOKEN}' },
      ],
      variables: [
        { id: 'tpl-port', name: 'PORT', type: 'inherited' },
        { id: 'tpl-mode', name: 'MODE', type: 'constant' },
        { id: 'port', name: 'PORT' },
        { id: 'mode', name: 'MODE' },
        { id: 'token', name: 'TOKEN' },
        { id: 'unused', name: 'UNUSED' },
      ],
    }),
  );

  it('names the files that still use it', () => {
    expect(filesReferencingVariable(draft, 'PORT')).toEqual(['compose.yml']);
    expect(filesReferencingVariable(draft, 'TOKEN')).toEqual(['extra.yml']);
  });

  it('needs confirmation while a file refers to it', () => {
    expect(variableRemovalNeedsConfirmation(draft, 'token')).toBe(true);
    expect(variableRemovalNeedsConfirmation(draft, 'unused')).toBe(false);
  });

  it('needs none for a user variable shadowed by a non-user variable of the same name', () => {
    expect(variableRemovalNeedsConfirmation(draft, 'port')).toBe(false);
    expect(variableRemovalNeedsConfirmation(draft, 'mode')).toBe(false);
  });
});

describe('rows', () => {
  const draft = createDraft(
    appDetails({
      files: [
        { id: 'tpl', filename: 'compose.yml', type: 'inherited' },
        { id: 'mine', filename: 'mine.yml' },
        { id: 'over', filename: 'compose.yml' },
      ],
      variables: [
        { id: 'c', name: 'MODE', type: 'constant' },
        { id: 'u', name: 'MODE' },
      ],
    }),
  );

  it('shows an override in place of the inherited file it replaces', () => {
    expect(fileRows(draft).map((row) => [row.number, row.entry.id, row.original?.id ?? null])).toEqual([
      [1, 'over', 'tpl'],
      [2, 'mine', null],
    ]);
  });

  it('never lets a user variable stand in for a constant', () => {
    expect(variableRows(draft).map((row) => [row.entry.id, row.isOverride])).toEqual([
      ['c', false],
      ['u', false],
    ]);
  });

  it('shows only the chosen extension app’s items, counting items without app id as the current app’s', () => {
    const mixed = createDraft(
      appDetails({
        variables: [
          { id: 'tpl', name: 'A', type: 'inherited', app_id: null },
          { id: 'own', name: 'B' },
          { id: 'ext', name: 'C', app_id: 'proxy-app' },
        ],
      }),
    );
    const ids = (chosen: string | null) =>
      rowsOfApp(variableRows(mixed), mixed.appId, chosen).map((row) => row.entry.id);
    expect(ids(null)).toEqual(['tpl', 'own', 'ext']);
    expect(ids(APP_ID)).toEqual(['tpl', 'own']);
    expect(ids('proxy-app')).toEqual(['ext']);
  });
});
