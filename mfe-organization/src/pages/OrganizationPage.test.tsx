import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import {
  createQueryClient,
  CurrentAgentContext,
  CurrentUserContext,
  eventBus,
  type CurrentAgentValue,
  type CurrentUserValue,
  type UserOrganization,
} from 'shared';
import { renderPage as renderHostedPage } from 'shared/src/test-support/render-page';
import OrganizationPage from './OrganizationPage';

const organization = (id: string, name: string): UserOrganization => ({
  id,
  name,
  role: 'owner',
  subscription_status: 'free',
  licenses: 0,
});

function renderPage(organizations: UserOrganization[]) {
  const user = { user: { organizations }, setUser: jest.fn(), removeOrganization: jest.fn() };
  render(
    <ChakraProvider>
      <QueryClientProvider client={createQueryClient()}>
        <CurrentUserContext.Provider value={user as unknown as CurrentUserValue}>
          <CurrentAgentContext.Provider value={{ agents: [] } as unknown as CurrentAgentValue}>
            <MemoryRouter>
              <OrganizationPage />
            </MemoryRouter>
          </CurrentAgentContext.Provider>
        </CurrentUserContext.Provider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

test('the switcher shows one organization at a time; Members waits for Business', async () => {
  renderPage([organization('o1', 'Acme'), organization('o2', 'Globex')]);
  expect(screen.getByRole('heading', { name: 'Acme' })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Upgrade to Business' })).toBeDisabled();
  await userEvent.selectOptions(screen.getByLabelText('Organization'), 'o2');
  expect(screen.getByRole('heading', { name: 'Globex' })).toBeInTheDocument();
});

test('Create Organization asks the shell for its dialog, and the new organization is shown', async () => {
  const requests = jest.fn();
  const stop = eventBus.subscribe('organization:create', requests);
  renderPage([organization('o1', 'Acme'), organization('o2', 'Globex')]);
  await userEvent.click(screen.getByRole('button', { name: 'Create Organization' }));
  expect(requests).toHaveBeenCalledTimes(1);
  act(() => eventBus.publish('organization:created', { organizationId: 'o2' }));
  expect(screen.getByRole('heading', { name: 'Globex' })).toBeInTheDocument();
  stop();
});

test('without an organization the page offers to create one', async () => {
  const requests = jest.fn();
  const stop = eventBus.subscribe('organization:create', requests);
  renderPage([]);
  await userEvent.click(screen.getByRole('button', { name: 'Create Organization' }));
  expect(requests).toHaveBeenCalledTimes(1);
  stop();
});

test('tabs have addresses: a link opens Members, choosing Details adds ?tab=details, back returns', async () => {
  const { view } = renderHostedPage(<OrganizationPage />, {
    route: '/organization?tab=members',
    path: '/organization',
    organizationPlan: 'paid',
  });
  expect(view.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
  await userEvent.click(view.getByRole('tab', { name: 'Details' }));
  expect(view.getByTestId('where')).toHaveTextContent('/organization?tab=details');
  expect(view.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
  await userEvent.click(view.getByTestId('back'));
  expect(view.getByTestId('where')).toHaveTextContent('/organization?tab=members');
  expect(view.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
});

test('a link to Members of an unpaid organization opens Details', () => {
  const { view } = renderHostedPage(<OrganizationPage />, {
    route: '/organization?tab=members',
    path: '/organization',
  });
  expect(view.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
});
