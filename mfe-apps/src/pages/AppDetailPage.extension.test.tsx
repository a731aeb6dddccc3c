// The Extension panel and the public addresses on the app page (issue 16): what a user chooses,
// types and sees, and what Save sends.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExtensionText, type AppDetails, type AppVariable } from 'shared';
import { recordToasts, type ApiAnswer } from 'shared/src/test-support/api';
import { ok, postsOf, testServer } from 'shared/src/test-support/render-page';
import { renderAppDetail } from './render-app-detail';

jest.mock('../editor/LazyCodeEditor');

const PROXY_ID = 'proxy-1';
const WEB = { extension: 'expose' as const, service: 'web', port: 8080 };

function details({
  templateId = 'shop',
  supported = [WEB],
  chosen = null,
  own = {},
}: {
  templateId?: string | null;
  supported?: AppDetails['config']['supported_extensions'];
  chosen?: string | null;
  own?: Record<string, string>;
} = {}): AppDetails {
  const contributed: AppVariable[] =
    chosen === null
      ? []
      : [
          {
            id: `extension-variable:${chosen === 'app-1' ? 'EXPOSE_HOST_PORT' : 'EXPOSE_DOMAINS'}`,
            name: chosen === 'app-1' ? 'EXPOSE_HOST_PORT' : 'EXPOSE_DOMAINS',
            is_encrypted: false,
            type: 'inherited',
            app_id: chosen,
          },
        ];
  const ownVariables: AppVariable[] = Object.keys(own).map((name) => ({
    id: `own-${name}`,
    name,
    is_encrypted: false,
    type: 'user',
    app_id: 'app-1',
  }));
  return {
    config: {
      id: 'app-1',
      name: 'shop',
      description: 'A shop',
      version: '1.0.0',
      template_id: templateId,
      extension: null,
      icon: 'Package',
      color: '#38A169',
      files: [{ id: 'f', filename: 'compose.yml', is_encrypted: false, type: 'user', app_id: 'app-1' }],
      variables: [
        { id: 'tpl-var', name: 'SHOP_TITLE', is_encrypted: false, type: 'inherited', app_id: null },
        ...ownVariables,
        ...contributed,
      ],
      extension_values: chosen === null ? [] : [{ extension: 'expose', extension_app_id: chosen }],
      supported_extensions: supported,
    },
    tags: [{ name: '1.0.0' }],
    versions: [{ name: '1.0.0', breaking_changes: false }],
    files: { f: 'services:\n  web:\n    image: shop\n' },
    variables: {
      'tpl-var': 'My shop',
      ...Object.fromEntries(Object.entries(own).map(([name, value]) => [`own-${name}`, value])),
      ...Object.fromEntries(contributed.map((variable) => [variable.id, ''])),
    },
  };
}

const appsList = ok({
  apps: [
    { id: 'app-1', name: 'shop', icon: 'Package', color: '#38A169', extension: null, status: 1 },
    { id: PROXY_ID, name: 'caddy', icon: 'Globe', color: '#3182CE', extension: 'expose', status: 1 },
  ],
});

const toasts = recordToasts();
beforeEach(() => sessionStorage.clear());

function renderShop(
  app: AppDetails,
  options: { online?: boolean; serverIp?: string; answers?: Record<string, ApiAnswer> } = {},
) {
  return renderAppDetail(app, {
    online: options.online,
    agent: testServer(
      options.serverIp ? { capabilities: [{ name: 'server_ip', value: options.serverIp }] } : {},
    ),
    answers: {
      '/api/v1/apps/get-apps': appsList,
      '/api/v1/apps/update-app': ok({ id: 'app-1' }, 'App updated'),
      ...options.answers,
    },
  });
}

// The panel is a lazy chunk: on a loaded machine its first load takes longer than findBy's 1 s.
const selector = () => screen.findByRole('combobox', { name: 'Expose' }, { timeout: 5000 });
const errorList = () =>
  screen.getByText('Please fix the following errors:').closest<HTMLElement>('[role="alert"]');

async function saved(fetchMock: jest.Mock) {
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith({
      title: 'Success',
      description: 'App updated',
      status: 'success',
    }),
  );
  const update = postsOf(fetchMock).find((call) => call.path === '/api/v1/apps/update-app')!;
  const config = update.body.config as AppDetails['config'];
  const values = update.body.variables as Record<string, string>;
  return {
    config,
    variable: (name: string) => {
      const sent = config.variables.find((variable) => variable.name === name);
      return sent ? values[sent.id] : undefined;
    },
  };
}

test('offers None, Expose Port and Expose via each proxy app of the server', async () => {
  renderShop(details());
  const select = await selector();
  expect(
    within(select)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['None', 'Expose Port', 'Expose via caddy']);
  expect(select).toHaveValue('none');
  expect(screen.queryByLabelText('Domains')).not.toBeInTheDocument();
});

test('Expose via caddy: the domains are checked as the server checks them, then Save sends the choice', async () => {
  const { fetchMock } = renderShop(details());
  await userEvent.selectOptions(await selector(), 'Expose via caddy');
  const domains = screen.getByLabelText('Domains');
  // The proxy's item is shown in the panel (extension filter), not among the app's own variables.
  expect(screen.queryByDisplayValue('EXPOSE_DOMAINS')).not.toBeInTheDocument();
  expect(within(errorList()!).getByText(ExtensionText.domainsRequired)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

  await userEvent.type(domains, 'https://a.test');
  expect(screen.getAllByText(ExtensionText.domainScheme('https://a.test'))).not.toHaveLength(0);
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

  await userEvent.clear(domains);
  await userEvent.type(domains, 'a.example.com b.example.com');
  expect(screen.queryByText('Please fix the following errors:')).not.toBeInTheDocument();
  const sent = await saved(fetchMock);
  expect(sent.config.extension_values).toEqual([{ extension: 'expose', extension_app_id: PROXY_ID }]);
  expect(sent.variable('EXPOSE_DOMAINS')).toBe('a.example.com b.example.com');
});

test('Expose Port: the host port must be a port number; Save sends the app itself as the provider', async () => {
  const { fetchMock } = renderShop(details());
  await userEvent.selectOptions(await selector(), 'Expose Port');
  const port = screen.getByLabelText('Host port');
  await userEvent.type(port, '80x');
  expect(screen.getAllByText(ExtensionText.hostPortSyntax('80x'))).not.toHaveLength(0);
  await userEvent.clear(port);
  await userEvent.type(port, '8081');
  const sent = await saved(fetchMock);
  expect(sent.config.extension_values).toEqual([{ extension: 'expose', extension_app_id: 'app-1' }]);
  expect(sent.variable('EXPOSE_HOST_PORT')).toBe('8081');
});

test("Expose Port: a host port the server refuses (in use there, or a proxy's) is flagged on leaving the field", async () => {
  const { fetchMock } = renderShop(details(), {
    answers: { '/api/v1/apps/check-host-port': ok({ refusal: ExtensionText.hostPortInUse(8081) }) },
  });
  await userEvent.selectOptions(await selector(), 'Expose Port');
  await userEvent.type(screen.getByLabelText('Host port'), '8081');
  expect(screen.queryByText(ExtensionText.hostPortInUse(8081))).not.toBeInTheDocument();
  await userEvent.tab();
  expect(await screen.findByText(ExtensionText.hostPortInUse(8081))).toBeInTheDocument();
  expect(postsOf(fetchMock).filter((call) => call.path === '/api/v1/apps/check-host-port')).toEqual([
    { path: '/api/v1/apps/check-host-port', body: { app_id: 'app-1', port: 8081 } },
  ]);
  // Another port is another question: the flag goes with the value it was about.
  await userEvent.type(screen.getByLabelText('Host port'), '2');
  expect(screen.queryByText(ExtensionText.hostPortInUse(8081))).not.toBeInTheDocument();
});

test('a custom compose app chooses the service and container port the proxy reaches', async () => {
  const { fetchMock } = renderShop(details({ templateId: null, supported: [] }));
  await userEvent.selectOptions(await selector(), 'Expose via caddy');
  expect(within(errorList()!).getByText(ExtensionText.serviceSyntax)).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Service'), 'web');
  const port = screen.getByLabelText('Container port');
  await userEvent.clear(port);
  await userEvent.type(port, '3000');
  await userEvent.type(screen.getByLabelText('Domains'), 'shop.test');
  const sent = await saved(fetchMock);
  expect(sent.config.supported_extensions).toEqual([{ extension: 'expose', service: 'web', port: 3000 }]);
  expect(sent.config.extension_values).toEqual([{ extension: 'expose', extension_app_id: PROXY_ID }]);
  expect(sent.variable('EXPOSE_DOMAINS')).toBe('shop.test');
});

test('an exposed app shows its addresses as links; None removes the exposure and its domains', async () => {
  const { fetchMock } = renderShop(
    details({ chosen: PROXY_ID, own: { EXPOSE_DOMAINS: 'shop.example.com www.shop.example.com' } }),
  );
  const links = within(await screen.findByRole('list', { name: 'Public addresses' })).getAllByRole('link');
  expect(links.map((link) => link.getAttribute('href'))).toEqual([
    'https://shop.example.com',
    'https://www.shop.example.com',
  ]);
  expect(await selector()).toHaveValue(PROXY_ID);
  expect(screen.getByLabelText('Domains')).toHaveValue('shop.example.com www.shop.example.com');

  await userEvent.selectOptions(await selector(), 'None');
  expect(screen.queryByLabelText('Domains')).not.toBeInTheDocument();
  const sent = await saved(fetchMock);
  expect(sent.config.extension_values).toEqual([]);
  expect(sent.variable('EXPOSE_DOMAINS')).toBeUndefined();
});

test('an app on a published port links to the server IP and that port', async () => {
  renderShop(details({ chosen: 'app-1', own: { EXPOSE_HOST_PORT: '8081' } }), { serverIp: '203.0.113.7' });
  const list = await screen.findByRole('list', { name: 'Public addresses' });
  expect(within(list).getByRole('link', { name: 'http://203.0.113.7:8081' })).toHaveAttribute(
    'href',
    'http://203.0.113.7:8081',
  );
});

test('an offline server disables the panel like every other control', async () => {
  renderShop(details({ chosen: PROXY_ID, own: { EXPOSE_DOMAINS: 'shop.example.com' } }), { online: false });
  expect(await selector()).toBeDisabled();
  expect(screen.getByLabelText('Domains')).toBeDisabled();
});

test('an app that supports no extension has no Extension panel', async () => {
  renderShop(details({ supported: [] }));
  expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Extension' })).not.toBeInTheDocument();
  expect(screen.queryByRole('combobox', { name: 'Expose' })).not.toBeInTheDocument();
});

test('a domain another app of the server has is refused with its name, and the typed domain stays', async () => {
  const taken = ExtensionText.domainTaken('blog.example.com', 'blog');
  renderShop(details(), {
    answers: { '/api/v1/apps/update-app': { status: 409, body: { success: false, message: taken } } },
  });
  await userEvent.selectOptions(await selector(), 'Expose via caddy');
  await userEvent.type(screen.getByLabelText('Domains'), 'blog.example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'error', description: taken }),
    ),
  );
  expect(screen.getByLabelText('Domains')).toHaveValue('blog.example.com');
});

test('Deploy with a domain just typed saves it, which deploys it, instead of redeploying the stored configuration', async () => {
  const { fetchMock } = renderShop(details());
  await userEvent.selectOptions(await selector(), 'Expose via caddy');
  await userEvent.type(screen.getByLabelText('Domains'), 'a.example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Deploy' }));
  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith({
      title: 'Success',
      description: 'App updated',
      status: 'success',
    }),
  );
  const posts = postsOf(fetchMock);
  expect(posts.map((call) => call.path)).toEqual(['/api/v1/apps/update-app']);
  expect((posts[0]?.body.config as AppDetails['config']).extension_values).toEqual([
    { extension: 'expose', extension_app_id: PROXY_ID },
  ]);
});
