import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ENCRYPTED_PLACEHOLDER } from 'shared';
import { ConfigEditor } from './ConfigEditor';
import { createDraft, type ConfigDraft } from './config-draft';
import { appDetails } from './test-fixtures';

// jsdom cannot run ace: the lazy editor becomes a plain textarea.
jest.mock('../editor/LazyCodeEditor');

function renderEditor(
  initial: ConfigDraft = createDraft(null),
  props: { readOnly?: boolean; extensionAppId?: string | null } = {},
) {
  const changes: ConfigDraft[] = [];
  function Harness() {
    const [draft, setDraft] = useState(initial);
    return (
      <ConfigEditor
        draft={draft}
        onChange={(next) => {
          changes.push(next);
          setDraft(next);
        }}
        {...props}
      />
    );
  }
  render(
    <ChakraProvider>
      <Harness />
    </ChakraProvider>,
  );
  return { user: userEvent.setup(), latest: () => changes.at(-1) };
}

const file = (number: number) => screen.getByRole('group', { name: `File #${number}` });
const variable = (number: number) => screen.getByRole('group', { name: `Variable #${number}` });
const errorList = () => screen.queryByText('Please fix the following errors:');

describe('ConfigEditor files', () => {
  it('adds compose.yml, opened in a 300px editor', async () => {
    const { user } = renderEditor();
    expect(screen.getByText('No files.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add File' }));
    expect(within(file(1)).getByRole('button', { name: /compose\.yml/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const editor = screen.getByRole('textbox', { name: 'Content of compose.yml' });
    expect(editor).toHaveAttribute('data-min-height', '300');
    await user.type(editor, 'services: web');
    expect(editor).toHaveValue('services: web');

    await user.click(screen.getByRole('button', { name: 'Add File' }));
    expect(within(file(2)).getByRole('button', { name: /compose-1\.yml/ })).toBeInTheDocument();
  });

  it('collapses and expands a file', async () => {
    const { user } = renderEditor(
      createDraft(appDetails({ files: [{ filename: 'compose.yml', content: 'a' }] })),
    );
    const header = within(file(1)).getByRole('button', { name: /compose\.yml/ });
    expect(screen.queryByRole('textbox', { name: 'Content of compose.yml' })).not.toBeInTheDocument();
    await user.click(header);
    expect(screen.getByRole('textbox', { name: 'Content of compose.yml' })).toHaveValue('a');
    await user.click(header);
    expect(screen.queryByRole('textbox', { name: 'Content of compose.yml' })).not.toBeInTheDocument();
  });

  it('renames a file inline, and lists an invalid name as an error', async () => {
    const { user, latest } = renderEditor(createDraft(appDetails({ files: [{ filename: 'compose.yml' }] })));
    await user.click(within(file(1)).getByRole('button', { name: 'Rename' }));
    const input = within(file(1)).getByRole('textbox', { name: 'File #1 name' });
    await user.clear(input);
    await user.type(input, '../secret.yml{Enter}');
    expect(within(file(1)).getByRole('button', { name: /\.\.\/secret\.yml/ })).toBeInTheDocument();
    expect(errorList()).toBeInTheDocument();
    expect(
      screen.getByText('File #1: Filename must not contain path traversal sequences ("..")'),
    ).toBeInTheDocument();

    await user.click(within(file(1)).getByRole('button', { name: 'Rename' }));
    await user.clear(within(file(1)).getByRole('textbox', { name: 'File #1 name' }));
    await user.type(within(file(1)).getByRole('textbox', { name: 'File #1 name' }), 'app.yml{Enter}');
    expect(latest()?.files[0]?.filename).toBe('app.yml');
    expect(errorList()).not.toBeInTheDocument();
  });

  it('keeps the name when renaming is abandoned with Escape', async () => {
    const { user } = renderEditor(createDraft(appDetails({ files: [{ filename: 'compose.yml' }] })));
    await user.click(within(file(1)).getByRole('button', { name: 'Rename' }));
    await user.type(within(file(1)).getByRole('textbox', { name: 'File #1 name' }), 'x{Escape}');
    expect(within(file(1)).getByRole('button', { name: /^\S*compose\.yml$/ })).toBeInTheDocument();
  });

  it("deletes a file only after 'Confirm Delete'", async () => {
    const { user } = renderEditor(createDraft(appDetails({ files: [{ filename: 'compose.yml' }] })));
    await user.click(within(file(1)).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(file(1)).toBeInTheDocument();

    await user.click(within(file(1)).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Confirm Delete' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('group', { name: 'File #1' })).not.toBeInTheDocument());
  });

  it('uploads several files from disk at once', async () => {
    const { user, latest } = renderEditor();
    await user.upload(screen.getByLabelText('Upload files from disk'), [
      new File(['services: {}'], 'compose.yml', { type: 'text/yaml' }),
      new File(['A=1'], '.env', { type: 'text/plain' }),
    ]);
    await waitFor(() => expect(screen.getByRole('group', { name: 'File #2' })).toBeInTheDocument());
    expect(within(file(1)).getByRole('button', { name: /compose\.yml/ })).toBeInTheDocument();
    expect(within(file(2)).getByRole('button', { name: /\.env/ })).toBeInTheDocument();
    expect(latest()?.files.map((f) => f.content)).toEqual(['services: {}', 'A=1']);
  });

  it('uploads a folder: its files keep their paths inside it', async () => {
    const { user, latest } = renderEditor();
    const inFolder = (path: string, content: string) => {
      const chosen = new File([content], path.split('/').at(-1) ?? path, { type: 'text/plain' });
      Object.defineProperty(chosen, 'webkitRelativePath', { value: path });
      return chosen;
    };
    await user.upload(screen.getByLabelText('Upload a folder from disk'), [
      inFolder('myapp/compose.yml', 'services: {}'),
      inFolder('myapp/config/nginx.conf', 'listen 80;'),
      inFolder('myapp/app/Dockerfile', 'FROM scratch'),
    ]);
    await waitFor(() => expect(latest()?.files).toHaveLength(3));
    expect(latest()?.files.map((f) => f.filename)).toEqual([
      'compose.yml',
      'config/nginx.conf',
      'app/Dockerfile',
    ]);
  });

  it('states the size limits and refuses an upload over them by file name, before adding anything', async () => {
    const { user, latest } = renderEditor();
    expect(screen.getByText("Up to 512 KB per file and 1 MB for all of an app's files.")).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Upload files from disk'), [
      new File(['x'.repeat(600 * 1024)], 'dump.sql', { type: 'text/plain' }),
      new File(['services: {}'], 'compose.yml', { type: 'text/yaml' }),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'dump.sql is 600 KB: a file may be at most 512 KB',
    );
    expect(latest()).toBeUndefined();
    // Each small enough, too large together.
    const part = (name: string) => new File(['x'.repeat(400 * 1024)], name, { type: 'text/plain' });
    await user.upload(screen.getByLabelText('Upload files from disk'), [
      part('a.sql'),
      part('b.sql'),
      part('c.sql'),
    ]);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        "The app's files are 1.2 MB in all: an app's files may be at most 1 MB",
      ),
    );
    expect(latest()).toBeUndefined();
    expect(screen.getByText('No files.')).toBeInTheDocument();
  });

  it('refuses a paste that takes a file over the limit, naming it, and keeps the content it had', async () => {
    const { user, latest } = renderEditor(
      createDraft(appDetails({ files: [{ filename: 'config/nginx.conf', content: 'listen 80;' }] })),
    );
    await user.click(within(file(1)).getByRole('button', { name: /config\/nginx\.conf/ }));
    const editor = screen.getByRole('textbox', { name: 'Content of config/nginx.conf' });
    fireEvent.change(editor, { target: { value: 'x'.repeat(513 * 1024) } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'config/nginx.conf is 513 KB: a file may be at most 512 KB',
    );
    expect(editor).toHaveValue('listen 80;');
    expect(latest()).toBeUndefined();
    // A change within the limits is taken, and the refusal goes.
    fireEvent.change(editor, { target: { value: 'listen 8080;' } });
    expect(latest()?.files[0]?.content).toBe('listen 8080;');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('overrides an inherited file, shows the original read-only, and goes back', async () => {
    const { user } = renderEditor(
      createDraft(
        appDetails({ files: [{ filename: 'compose.yml', content: 'image: a', type: 'inherited' }] }),
      ),
    );
    expect(within(file(1)).getByText('inherited')).toBeInTheDocument();
    expect(within(file(1)).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(within(file(1)).getByRole('button', { name: 'Override' }));
    expect(within(file(1)).getByText('override')).toBeInTheDocument();
    const editor = screen.getByRole('textbox', { name: 'Content of compose.yml' });
    expect(editor).not.toHaveAttribute('readonly');
    await user.clear(editor);
    await user.type(editor, 'image: b');

    await user.click(within(file(1)).getByRole('button', { name: 'View original' }));
    const dialog = await screen.findByRole('dialog', { name: 'Original: compose.yml' });
    const original = within(dialog).getByRole('textbox', { name: 'Original content of compose.yml' });
    expect(original).toHaveValue('image: a');
    expect(original).toHaveAttribute('readonly');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(file(1)).getByRole('button', { name: 'Delete override' }));
    expect(within(file(1)).getByText('inherited')).toBeInTheDocument();
  });
});

describe('ConfigEditor variables', () => {
  it('adds a variable, which needs a name', async () => {
    const { user, latest } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Add Variable' }));
    expect(screen.getByText('Variable #1: Variable name is required')).toBeInTheDocument();
    await user.type(within(variable(1)).getByRole('textbox', { name: 'Variable #1 name' }), 'PORT');
    await user.tab();
    await user.type(within(variable(1)).getByRole('textbox', { name: 'Variable #1 value' }), '8080');
    expect(errorList()).not.toBeInTheDocument();
    expect(latest()?.variables).toEqual([
      expect.objectContaining({ name: 'PORT', value: '8080', type: 'user' }),
    ]);
  });

  it('renaming a variable rewrites its references in the files', async () => {
    const { user } = renderEditor(
      createDraft(
        appDetails({
          files: [{ filename: 'compose.yml', content: 'port: ${PORT:-80}' }],
          variables: [{ name: 'PORT', value: '80' }],
        }),
      ),
    );
    const name = within(variable(1)).getByRole('textbox', { name: 'Variable #1 name' });
    await user.clear(name);
    await user.type(name, 'WEB_PORT{Enter}');
    await user.click(within(file(1)).getByRole('button', { name: /compose\.yml/ }));
    expect(screen.getByRole('textbox', { name: 'Content of compose.yml' })).toHaveValue(
      'port: ${WEB_PORT:-80}',
    );
  });

  it('warns that a variable is still used before deleting it', async () => {
    const { user, latest } = renderEditor(
      createDraft(
        appDetails({
          files: [{ filename: 'compose.yml', content: 'token: $TOKEN' }],
          variables: [{ name: 'TOKEN', value: 'x' }],
        }),
      ),
    );
    await user.click(within(variable(1)).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Delete' });
    expect(within(dialog).getByText(/TOKEN is still used in compose\.yml/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(latest()?.variables).toEqual([]));
    expect(screen.getByText('No variables.')).toBeInTheDocument();
  });

  it('says beside the secret toggle that a secret is hidden from the server, not from who may edit the app', async () => {
    const { user } = renderEditor(createDraft(appDetails({ variables: [{ name: 'PASSWORD', value: 'x' }] })));
    await user.hover(within(variable(1)).getByRole('button', { name: 'Mark secret' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      "A secret is encrypted in your browser for this server's agent: the Dockhand server stores and forwards it but cannot read it. It is not hidden from members who may edit this app: an admin can reveal it, for example by printing it into the app's logs.",
    );
  });

  it('masks a secret value with a show/hide toggle', async () => {
    const { user } = renderEditor(
      createDraft(appDetails({ variables: [{ name: 'PASSWORD', value: 'hunter2' }] })),
    );
    const value = () => within(variable(1)).getByLabelText('Variable #1 value');
    expect(value()).toHaveAttribute('type', 'text');
    await user.click(within(variable(1)).getByRole('button', { name: 'Mark secret' }));
    expect(value()).toHaveAttribute('type', 'password');
    expect(value()).toHaveValue('hunter2');
    await user.click(within(variable(1)).getByRole('button', { name: 'Show value' }));
    expect(value()).toHaveAttribute('type', 'text');
    await user.click(within(variable(1)).getByRole('button', { name: 'Hide value' }));
    expect(value()).toHaveAttribute('type', 'password');
  });

  it("asks 'Confirm Decryption' before making a stored secret public, then erases it", async () => {
    const { user, latest } = renderEditor(
      createDraft(
        appDetails({ variables: [{ name: 'TOKEN', value: ENCRYPTED_PLACEHOLDER, is_encrypted: true }] }),
      ),
    );
    await user.click(within(variable(1)).getByRole('button', { name: 'Mark public' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Decryption' });
    await user.click(within(dialog).getByRole('button', { name: 'Make public' }));
    await waitFor(() => expect(within(variable(1)).getByLabelText('Variable #1 value')).toHaveValue(''));
    expect(within(variable(1)).getByLabelText('Variable #1 value')).toHaveAttribute('type', 'text');
    expect(latest()?.variables[0]).toMatchObject({ is_encrypted: false, value: '' });
  });

  it('overrides an inherited variable to edit it, but not a constant', async () => {
    const { user } = renderEditor(
      createDraft(
        appDetails({
          variables: [
            { name: 'PORT', value: '80', type: 'inherited' },
            { name: 'MODE', value: 'prod', type: 'constant' },
          ],
        }),
      ),
    );
    expect(within(variable(1)).getByRole('textbox', { name: 'Variable #1 value' })).toHaveAttribute(
      'readonly',
    );
    expect(within(variable(2)).queryByRole('button', { name: 'Override' })).not.toBeInTheDocument();
    await user.click(within(variable(1)).getByRole('button', { name: 'Override' }));
    const value = within(variable(1)).getByRole('textbox', { name: 'Variable #1 value' });
    expect(value).not.toHaveAttribute('readonly');
    await user.clear(value);
    await user.type(value, '8080');
    await user.click(within(variable(1)).getByRole('button', { name: 'Delete override' }));
    expect(within(variable(1)).getByRole('textbox', { name: 'Variable #1 value' })).toHaveValue('80');
  });
});

describe('ConfigEditor read-only mode', () => {
  it('hides the add and upload controls', () => {
    renderEditor(
      createDraft(appDetails({ files: [{ filename: 'compose.yml' }], variables: [{ name: 'PORT' }] })),
      { readOnly: true },
    );
    expect(screen.getByRole('group', { name: 'File #1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add File' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload Files' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Upload files from disk')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Variable' })).not.toBeInTheDocument();
  });
});

describe('ConfigEditor extension filter', () => {
  it("shows only the chosen extension app's items", () => {
    renderEditor(
      createDraft(
        appDetails({
          variables: [
            { name: 'PORT', type: 'inherited' },
            { name: 'PROXY_HOST', app_id: 'proxy-app' },
          ],
        }),
      ),
      { extensionAppId: 'proxy-app' },
    );
    expect(screen.getByDisplayValue('PROXY_HOST')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('PORT')).not.toBeInTheDocument();
  });
});
