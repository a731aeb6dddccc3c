import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import {
  configureApiClient,
  createQueryClient,
  CurrentAgentContext,
  eventBus,
  type CatalogItem,
  type CurrentAgentValue,
} from 'shared';
import { catalogQueryOptions } from '../catalog-api';
import CatalogPage from './CatalogPage';

const nginx = { id: 'nginx', name: 'Nginx', summary: 'Web server' } as CatalogItem;

function renderCatalog(currentAgentId: string | null, fetchMock: jest.Mock) {
  configureApiClient({ baseUrl: 'http://dock.test', ensureAuthenticated: () => true, fetch: fetchMock });
  const client = createQueryClient();
  client.setQueryData(catalogQueryOptions('agent-1').queryKey, [nginx]);
  const agentValue = { currentAgentId } as CurrentAgentValue;
  render(
    <ChakraProvider>
      <QueryClientProvider client={client}>
        <CurrentAgentContext.Provider value={agentValue}>
          <MemoryRouter>
            <CatalogPage />
          </MemoryRouter>
        </CurrentAgentContext.Provider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

describe('CatalogPage', () => {
  it('installs an item and tells the host through the event bus', async () => {
    const fetchMock = jest.fn(async () => ({
      ok: true,
      status: 200,
      statusText: 'OK',
      json: async () => ({ success: true, message: 'Installation started' }),
    }));
    const toasts = jest.fn();
    const appsChanged = jest.fn();
    const unsubscribe = [
      eventBus.subscribe('toast:show', toasts),
      eventBus.subscribe('apps:changed', appsChanged),
    ];
    renderCatalog('agent-1', fetchMock);

    await userEvent.click(await screen.findByRole('button', { name: 'Install' }));

    expect(await screen.findByRole('button', { name: 'Install' })).toBeEnabled();
    expect(fetchMock).toHaveBeenCalledWith(
      'http://dock.test/api/v1/catalog/install-app?agent_id=agent-1',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ name: 'Nginx', template_id: 'nginx' }),
      }),
    );
    expect(toasts).toHaveBeenCalledWith({
      title: 'Success',
      description: 'App installation started',
      status: 'success',
    });
    expect(appsChanged).toHaveBeenCalledWith({ agentId: 'agent-1' });
    unsubscribe.forEach((stop) => stop());
  });

  it('asks for a server when none is selected', () => {
    renderCatalog(null, jest.fn());
    expect(
      screen.getByText('No Agent Selected - Please select an agent to browse available applications.'),
    ).toBeInTheDocument();
  });
});
