import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createQueryClient,
  CurrentAgentContext,
  CurrentUserContext,
  ORGANIZATION_NAME_MAX_LENGTH,
  type CurrentAgentValue,
  type CurrentUserValue,
  type User,
  type UserOrganization,
} from 'shared';
import { answerApi, recordToasts, type ApiAnswer } from 'shared/src/test-support/api';
import { testServer } from 'shared/src/test-support/render-page';
import { OrganizationDetailsCard } from './OrganizationDetailsCard';

const acme: UserOrganization = {
  id: 'org-1',
  name: 'Acme',
  role: 'owner',
  subscription_status: 'free',
  licenses: 0,
};

function renderCard(organization: UserOrganization, answer: ApiAnswer, onlineServers: string[] = []) {
  const fetchMock = answerApi({
    '/api/v1/organization/rename-organization': answer,
    '/api/v1/organizations/delete-organization': answer,
  });
  const user = {
    id: 'u1',
    name: 'Ada',
    email: 'ada@example.com',
    image: '',
    organizations: [organization],
  } as User;
  const current = { user, setUser: jest.fn(), removeOrganization: jest.fn() };
  render(
    <ChakraProvider>
      <QueryClientProvider client={createQueryClient()}>
        <CurrentUserContext.Provider value={current as CurrentUserValue}>
          <CurrentAgentContext.Provider value={agentsOf(organization.id, onlineServers)}>
            <OrganizationDetailsCard organization={organization} />
          </CurrentAgentContext.Provider>
        </CurrentUserContext.Provider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { fetchMock, current };
}

/** One server, edge-1, in the organization; `online` lists the servers online now. */
function agentsOf(organizationId: string, online: string[]): CurrentAgentValue {
  const agents = [testServer({ id: 'edge-1', name: 'edge-1', organization_id: organizationId })];
  return { agents, isAgentOnline: (id: string) => online.includes(id) } as unknown as CurrentAgentValue;
}

const toasts = recordToasts();

test('renames the organization: Save only for a changed, valid name; the user’s list follows', async () => {
  const { fetchMock, current } = renderCard(acme, {
    status: 200,
    body: { success: true, message: 'OK', data: { name: 'Acme Labs' } },
  });
  const input = screen.getByLabelText('Organization name');
  const save = screen.getByRole('button', { name: 'Save' });
  expect(save).toBeDisabled();

  await userEvent.clear(input);
  await userEvent.type(input, 'x'.repeat(ORGANIZATION_NAME_MAX_LENGTH + 1));
  expect(screen.getByText('Organization name must be 255 characters or less')).toBeInTheDocument();
  expect(save).toBeDisabled();

  // A right-to-left override (it would show 'Acme exe.gnp' as 'Acme pnp.exe') is refused too.
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste('Acme \u202Egnp.exe');
  expect(
    screen.getByText(
      'Organization name must not contain control characters or invisible formatting characters',
    ),
  ).toBeInTheDocument();
  expect(save).toBeDisabled();

  await userEvent.clear(input);
  await userEvent.type(input, 'Acme Labs{Enter}');
  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith({
      title: 'Saved',
      description: 'Organization name updated',
      status: 'success',
    }),
  );
  expect(fetchMock).toHaveBeenCalledWith(
    'http://dock.test/api/v1/organization/rename-organization',
    expect.objectContaining({ body: JSON.stringify({ id: 'org-1', name: 'Acme Labs' }) }),
  );
  expect(current.setUser).toHaveBeenCalledWith(
    expect.objectContaining({ organizations: [{ ...acme, name: 'Acme Labs' }] }),
  );
});

test('the owner deletes after confirming; the organization leaves the user', async () => {
  const { current } = renderCard(acme, { status: 200, body: { success: true, message: 'OK', data: null } });
  await userEvent.click(screen.getByRole('button', { name: 'Delete Organization' }));
  expect(screen.getByText('This action cannot be undone.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(current.removeOrganization).toHaveBeenCalledWith('org-1'));
  expect(toasts.calls).toHaveBeenCalledWith({ title: 'Organization deleted', status: 'success' });
});

test('a refused delete says why and keeps the organization; admins are not offered it', async () => {
  const message = 'All servers of the organization must be offline before it can be deleted';
  const { current } = renderCard(acme, { status: 409, body: { success: false, message } });
  await userEvent.click(screen.getByRole('button', { name: 'Delete Organization' }));
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith({ title: 'Error', description: message, status: 'error' }),
  );
  expect(current.removeOrganization).not.toHaveBeenCalled();
});

test('an admin can rename but is not offered the delete', () => {
  renderCard({ ...acme, role: 'admin' }, { status: 200, body: {} });
  expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete Organization' })).not.toBeInTheDocument();
});

test('an organization with an online server cannot be deleted yet, and the card says which server', () => {
  renderCard(acme, { status: 200, body: {} }, ['edge-1']);
  expect(screen.getByRole('button', { name: 'Delete Organization' })).toBeDisabled();
  expect(screen.getByText(/Stop the agent on edge-1 first/)).toBeInTheDocument();
});
