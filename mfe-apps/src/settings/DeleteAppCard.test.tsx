import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppConfig } from 'shared';
import { ok, postsOf, renderPage } from 'shared/src/test-support/render-page';
import { DeleteAppCard } from './DeleteAppCard';

const proxy: AppConfig = {
  id: 'proxy-1',
  name: 'caddy',
  description: null,
  version: '2.10.2',
  template_id: 'caddy',
  extension: 'expose',
  icon: 'Globe',
  color: '#3182CE',
  files: [],
  variables: [],
  extension_values: [],
  supported_extensions: [],
};

function renderCard(extensionUsers: { id: string; name: string }[]) {
  return renderPage(
    <DeleteAppCard agentId="agent-1" config={proxy} extensionUsers={extensionUsers} disabled={false} />,
    {
      route: '/app/proxy-1',
      path: '/app/:appId',
      answers: { '/api/v1/apps/delete-app': ok(null, 'App deleted') },
    },
  );
}

beforeEach(() => sessionStorage.clear());

test('deleting a proxy lists the apps exposed through it, and their stored details are dropped', async () => {
  const stored = (id: string) => `app_details:agent-1:${id}`;
  sessionStorage.setItem(stored('blog-1'), JSON.stringify({ savedAt: Date.now(), details: {} }));
  const { fetchMock } = renderCard([
    { id: 'blog-1', name: 'blog' },
    { id: 'shop-1', name: 'shop' },
  ]);
  await userEvent.click(screen.getByRole('button', { name: 'Delete App' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
  expect(confirm).toHaveTextContent('These 2 apps are exposed through caddy.');
  expect(confirm).toHaveTextContent('their extension becomes None');
  const exposed = within(confirm).getByRole('list', { name: 'Apps exposed through caddy' });
  expect(
    within(exposed)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['blog', 'shop']);

  await userEvent.click(within(confirm).getByRole('button', { name: 'Delete App' }));
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  expect(postsOf(fetchMock).find((call) => call.path === '/api/v1/apps/delete-app')?.body).toEqual({
    app_id: 'proxy-1',
    keep_volumes: false,
  });
  expect(sessionStorage.getItem(stored('blog-1'))).toBeNull();
});

test('an app that exposes nothing shows no such list', async () => {
  renderCard([]);
  await userEvent.click(screen.getByRole('button', { name: 'Delete App' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
  expect(within(confirm).queryByRole('list', { name: 'Apps exposed through caddy' })).not.toBeInTheDocument();
  expect(within(confirm).getByRole('list', { name: 'What is removed' })).toBeInTheDocument();
});
