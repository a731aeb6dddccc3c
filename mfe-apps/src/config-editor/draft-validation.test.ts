import { addFile, addVariable, createDraft, renameFile, renameVariable } from './config-draft';
import { validateDraft } from './draft-validation';
import { appDetails } from './test-fixtures';

describe('validateDraft', () => {
  it('has nothing to say about a valid configuration', () => {
    const draft = createDraft(
      appDetails({ files: [{ filename: 'compose.yml' }], variables: [{ name: 'PORT', value: '80' }] }),
    );
    expect(validateDraft(draft)).toEqual([]);
  });

  it("prefixes filename messages with 'File #N: ' (N as shown)", () => {
    const draft = createDraft(
      appDetails({
        files: [
          { filename: 'compose.yml', type: 'inherited' },
          { id: 'a', filename: '../etc/passwd' },
          { id: 'b', filename: 'my file.yml' },
          { id: 'c', filename: '' },
        ],
      }),
    );
    expect(validateDraft(draft)).toEqual([
      'File #2: Filename must not contain path traversal sequences ("..")',
      'File #3: Filename can only contain letters, numbers, hyphens, underscores, dots, and forward slashes ("/")',
      'File #4: Filename is required',
    ]);
  });

  it('takes files in subfolders and names the app over the size limits', () => {
    const big = 'x'.repeat(300 * 1024);
    const draft = createDraft(
      appDetails({
        files: [
          { filename: 'compose.yml', content: big },
          { filename: 'config/nginx.conf', content: big },
          { filename: 'app/Dockerfile', content: big },
          { filename: 'base.yml', content: big, type: 'inherited' },
        ],
      }),
    );
    // 900 KB of the app's own files: within the limit (the template's file is not the app's).
    expect(validateDraft(draft)).toEqual([]);
    const over = createDraft(
      appDetails({
        files: [...['a', 'b', 'c', 'd'].map((name) => ({ filename: `config/${name}.conf`, content: big }))],
      }),
    );
    expect(validateDraft(over)).toEqual([
      "The app's files are 1.2 MB in all: an app's files may be at most 1 MB",
    ]);
  });

  it('checks COMPOSE_FILE and COMPOSE_PROFILES against the draft as the server does', () => {
    const draft = createDraft(
      appDetails({
        files: [{ filename: 'compose.yml' }, { filename: 'compose.prod.yml' }],
        variables: [
          { name: 'COMPOSE_FILE', value: 'compose.yml:compose.prod.yml' },
          { name: 'COMPOSE_PROFILES', value: 'debug' },
        ],
      }),
    );
    expect(validateDraft(draft)).toEqual([]);
    const wrong = createDraft(
      appDetails({
        files: [{ filename: 'compose.yml' }],
        variables: [
          { name: 'COMPOSE_FILE', value: 'compose.yml:../other.yml' },
          { name: 'COMPOSE_PROFILES', value: 'debug', is_encrypted: true },
        ],
      }),
    );
    expect(validateDraft(wrong)).toEqual([
      'Variable #1: COMPOSE_FILE names ../other.yml: Filename must not contain path traversal sequences ("..")',
      'Variable #2: COMPOSE_PROFILES cannot be a secret: Dockhand reads it to choose how Compose runs the app',
    ]);
  });

  it("prefixes variable name messages with 'Variable #N: '", () => {
    const draft = addVariable(
      createDraft(appDetails({ variables: [{ name: 'OK' }, { name: '9LIVES' }, { name: '_PRIVATE' }] })),
    );
    expect(validateDraft(draft)).toEqual([
      'Variable #2: Variable name must start with a letter or underscore and contain only letters, numbers, and underscores',
      'Variable #3: Variable names starting with underscore are reserved and cannot be created by users',
      'Variable #4: Variable name is required',
    ]);
  });

  it('refuses variables that would steer Docker Compose, by name', () => {
    const draft = createDraft(
      appDetails({
        variables: [{ name: 'COMPOSE_PROJECT_NAME' }, { name: 'DOCKER_HOST' }, { name: 'MY_DOCKER_HOST' }],
      }),
    );
    expect(validateDraft(draft)).toEqual([
      'Variable #1: Variable COMPOSE_PROJECT_NAME is not allowed: names starting with COMPOSE_ or DOCKER_ would change how Docker Compose runs the app',
      'Variable #2: Variable DOCKER_HOST is not allowed: names starting with COMPOSE_ or DOCKER_ would change how Docker Compose runs the app',
    ]);
  });

  it('allows a reserved name when the user variable overrides or clashes with a template variable', () => {
    const draft = createDraft(
      appDetails({
        variables: [
          { name: '_SECRET_KEY', type: 'inherited' },
          { name: '_BUILD', type: 'constant' },
          { name: '_SECRET_KEY' },
          { name: '_BUILD' },
        ],
      }),
    );
    expect(validateDraft(draft)).toEqual([]);
  });

  it('reports duplicate user names the way the server refuses them', () => {
    let draft = addFile(addFile(createDraft(null)));
    draft = renameFile(draft, draft.files[1]!.id, 'compose.yml');
    draft = addVariable(addVariable(draft));
    draft = renameVariable(renameVariable(draft, draft.variables[0]!.id, 'A'), draft.variables[1]!.id, 'A');
    expect(validateDraft(draft)).toEqual([
      'File #2: Duplicate filename compose.yml',
      'Variable #2: Duplicate variable A',
    ]);
  });

  it('ignores template items, which are never sent', () => {
    const draft = createDraft(
      appDetails({
        files: [{ filename: 'odd name.yml', type: 'inherited' }],
        variables: [{ name: '_INTERNAL', type: 'constant' }],
      }),
    );
    expect(validateDraft(draft)).toEqual([]);
  });
});
