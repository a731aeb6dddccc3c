import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AppInventory, AppListItem } from 'shared';
import { answerApi } from 'shared/src/test-support/api';
import { InventoryPanel } from './InventoryPanel';

const apps: AppListItem[] = [
  { id: 'kept', name: 'shop', icon: 'Globe', color: '#112233', extension: null, status: 1 },
  { id: 'lost', name: 'blog', icon: 'Globe', color: '#112233', extension: null, status: 0 },
];
const inventory: AppInventory = {
  found: [{ app_id: 'stray', project: 'stray-0b6f7a3e' }],
  missing: ['lost'],
};
const ok = (message: string) => ({ body: { success: true, message, data: { id: 'stray' } } });

function renderPanel(canManage = true) {
  return render(
    <ChakraProvider>
      <QueryClientProvider client={new QueryClient()}>
        <InventoryPanel agentId="a1" inventory={inventory} apps={apps} canManage={canManage} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

const bodies = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls.map(([url, init]) => ({
    path: new URL(url as string).pathname,
    body: JSON.parse((init as RequestInit).body as string) as unknown,
  }));

it('shows an app found on the server with Adopt and Remove, and adopts it', async () => {
  const fetchMock = answerApi({ '/api/v1/apps/adopt-app': ok('App adopted') });
  renderPanel();
  const found = screen.getByTestId('found-app');
  expect(found).toHaveTextContent('stray-0b6f7a3e');
  expect(found).toHaveTextContent('Found on this server');
  fireEvent.click(within(found).getByRole('button', { name: 'Adopt' }));
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  expect(bodies(fetchMock)).toEqual([{ path: '/api/v1/apps/adopt-app', body: { app_id: 'stray' } }]);
});

it('removes a found app only after a confirmation', async () => {
  const fetchMock = answerApi({ '/api/v1/apps/remove-found-app': ok('App removed from the server') });
  renderPanel();
  fireEvent.click(within(screen.getByTestId('found-app')).getByRole('button', { name: 'Remove' }));
  expect(await screen.findByText(/Its containers and files are deleted/)).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  expect(bodies(fetchMock)).toEqual([{ path: '/api/v1/apps/remove-found-app', body: { app_id: 'stray' } }]);
});

it('shows a record whose app the server lost as missing, with Redeploy and Delete', async () => {
  const fetchMock = answerApi({ '/api/v1/apps/control-app': ok('App redeployed') });
  renderPanel();
  const missing = screen.getByTestId('missing-app');
  expect(missing).toHaveTextContent('blog');
  expect(missing).toHaveTextContent('Missing');
  expect(within(missing).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  fireEvent.click(within(missing).getByRole('button', { name: 'Redeploy' }));
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  expect(bodies(fetchMock)).toEqual([
    { path: '/api/v1/apps/control-app', body: { app_id: 'lost', action: 'active', operation: 'redeploy' } },
  ]);
  const headers = (fetchMock.mock.calls[0]![1] as RequestInit).headers as Record<string, string>;
  expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
});

it('shows the differences without actions to members who cannot manage the server', () => {
  renderPanel(false);
  expect(screen.getByTestId('found-app')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Adopt' })).not.toBeInTheDocument();
});

it('shows ten differences and the rest on demand, when a server lost many apps', () => {
  const many: AppListItem[] = Array.from({ length: 25 }, (_, index) => ({
    id: `lost-${index}`,
    name: `app-${index}`,
    icon: 'Globe',
    color: '#112233',
    extension: null,
    status: 0,
  }));
  render(
    <ChakraProvider>
      <QueryClientProvider client={new QueryClient()}>
        <InventoryPanel
          agentId="a1"
          inventory={{
            found: [{ app_id: 'stray', project: 'stray-0b6f7a3e' }],
            missing: many.map((app) => app.id),
          }}
          apps={many}
          canManage
        />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  expect(screen.getAllByTestId('found-app')).toHaveLength(1);
  expect(screen.getAllByTestId('missing-app')).toHaveLength(9);
  fireEvent.click(screen.getByRole('button', { name: 'Show all 26' }));
  expect(screen.getAllByTestId('missing-app')).toHaveLength(25);
  expect(screen.getByTestId('inventory-panel')).toHaveTextContent('app-24');
  fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
  expect(screen.getAllByTestId('missing-app')).toHaveLength(9);
});
