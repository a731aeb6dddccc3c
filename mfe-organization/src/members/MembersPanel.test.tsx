import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient, type UserOrganization } from 'shared';
import { answerApi, recordToasts } from 'shared/src/test-support/api';
import { MembersPanel } from './MembersPanel';

const business: UserOrganization = {
  id: 'org-1',
  name: 'Acme',
  role: 'owner',
  subscription_status: 'paid',
  licenses: 1,
};

function renderPanel(members: unknown[], answers: Record<string, unknown> = {}) {
  const fetchMock = answerApi({
    '/api/v1/organizations/get-members': { body: { success: true, message: 'OK', data: { members } } },
    ...Object.fromEntries(Object.entries(answers).map(([path, body]) => [path, { body }])),
  });
  render(
    <ChakraProvider>
      <QueryClientProvider client={createQueryClient()}>
        <MembersPanel organization={business} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return fetchMock;
}

const toasts = recordToasts();

const owner = { user_id: 'u1', email: 'ada@example.com', role: 'owner' };
const admin = { user_id: 'u2', email: 'grace@example.com', role: 'admin' };

test('lists members; owners cannot be removed, others after confirming', async () => {
  const fetchMock = renderPanel([owner, admin], {
    '/api/v1/organizations/delete-member': { success: true, message: 'Member removed' },
  });
  expect(await screen.findByText('grace@example.com')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Remove ada@example.com' })).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Remove grace@example.com' }));
  const dialog = screen.getByRole('alertdialog');
  expect(within(dialog).getByText('Remove grace@example.com?')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith({ title: 'Member removed', status: 'success' }),
  );
  expect(fetchMock).toHaveBeenCalledWith(
    'http://dock.test/api/v1/organizations/delete-member',
    expect.objectContaining({ body: JSON.stringify({ organization_id: 'org-1', user_id: 'u2' }) }),
  );
});

test('invites by email as admin; an empty email is refused before any call', async () => {
  const fetchMock = renderPanel([owner], {
    '/api/v1/organizations/invite-member': {
      success: true,
      message: 'Invitation sent: they join when they accept it',
      data: { joined: false },
    },
  });
  await screen.findByText('ada@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
  expect(screen.getByText('Email is required')).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalledWith(
    'http://dock.test/api/v1/organizations/invite-member',
    expect.anything(),
  );

  await userEvent.type(screen.getByLabelText('Email'), 'linus@example.com{Enter}');
  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith({
      title: 'Member added',
      description: 'Invitation sent: they join when they accept it',
      status: 'success',
    }),
  );
  expect(fetchMock).toHaveBeenCalledWith(
    'http://dock.test/api/v1/organizations/invite-member',
    expect.objectContaining({
      body: JSON.stringify({ organization_id: 'org-1', email: 'linus@example.com', role: 'admin' }),
    }),
  );
  expect(screen.getByLabelText('Email')).toHaveValue('');
});

test('a pending invitation shows as invited until accepted, and removing it withdraws it', async () => {
  const fetchMock = renderPanel(
    [
      owner,
      { user_id: 'invitation:new@example.com', email: 'new@example.com', role: 'admin', pending: true },
    ],
    { '/api/v1/organizations/delete-member': { success: true, message: 'Member removed' } },
  );
  expect(await screen.findByText('Invited')).toBeInTheDocument();
  expect(screen.getByText('waiting for them to accept')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Remove new@example.com' }));
  const dialog = screen.getByRole('alertdialog');
  expect(within(dialog).getByText('Withdraw the invitation to new@example.com?')).toBeInTheDocument();
  expect(
    within(dialog).getByText('They can no longer accept it and do not join this organization.'),
  ).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith({
      title: 'Member removed',
      description: 'Invitation withdrawn',
      status: 'success',
    }),
  );
  expect(fetchMock).toHaveBeenCalledWith(
    'http://dock.test/api/v1/organizations/delete-member',
    expect.objectContaining({
      body: JSON.stringify({ organization_id: 'org-1', user_id: 'invitation:new@example.com' }),
    }),
  );
});

test('roles are shown read-only, with the reason they cannot be changed', async () => {
  renderPanel([owner, admin], {});
  const table = await screen.findByRole('table', { name: 'Role updates are not available yet' });
  expect(within(table).getAllByRole('row')[2]).toHaveTextContent('admin');
  expect(within(table).queryByRole('combobox')).not.toBeInTheDocument();
});
