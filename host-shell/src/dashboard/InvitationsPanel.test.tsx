import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthProvider, createQueryClient, type User } from 'shared';
import { answerApi, recordToasts, type ApiAnswer } from 'shared/src/test-support/api';
import { createTestAuthSession } from '../test-support/auth-session';
import { InvitationsPanel } from './InvitationsPanel';

const user: User = { id: 'u', name: 'Ada', email: 'ada@x.test', image: null, organizations: [] };
const invitation = {
  id: 'inv-1',
  organization_id: 'org-9',
  organization_name: 'Acme Labs',
  role: 'admin',
  inviter: { name: 'Grace', email: 'grace@acme.test' },
  created_at: 1,
};
const acmeLabs = { id: 'org-9', name: 'Acme Labs', role: 'admin', subscription_status: 'paid', licenses: 2 };
const toasts = recordToasts();

function renderPanel(answers: Record<string, ApiAnswer>) {
  const fetchMock = answerApi(answers);
  const session = createTestAuthSession({ user });
  render(
    <ChakraProvider>
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider session={session}>
          <InvitationsPanel />
        </AuthProvider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { fetchMock, session };
}

const listing = (invitations: unknown[]): ApiAnswer => ({
  body: { success: true, message: 'OK', data: { invitations } },
});
const bodyOf = (fetchMock: jest.Mock, path: string) =>
  JSON.parse(fetchMock.mock.calls.find(([url]) => String(url).endsWith(path))![1].body as string);

it('shows the invitation with organization and inviter; Accept joins it and the panel goes', async () => {
  const answers: Record<string, ApiAnswer> = {
    '/api/v1/organizations/get-invitations': listing([invitation]),
    '/api/v1/organizations/accept-invitation': {
      body: { success: true, message: 'Invitation accepted', data: { organization: acmeLabs } },
    },
  };
  const { fetchMock, session } = renderPanel(answers);
  const panel = await screen.findByRole('region', { name: 'Invitations' });
  expect(panel).toHaveTextContent('Grace (grace@acme.test) invited you to join Acme Labs as admin.');
  // Not a member before accepting.
  expect(session.getSnapshot().user?.organizations).toEqual([]);

  answers['/api/v1/organizations/get-invitations'] = listing([]);
  await userEvent.click(screen.getByRole('button', { name: 'Accept the invitation to Acme Labs' }));
  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith({
      title: 'Invitation accepted',
      description: 'You joined Acme Labs.',
      status: 'success',
    }),
  );
  expect(bodyOf(fetchMock, '/accept-invitation')).toEqual({ invitation_id: 'inv-1' });
  expect(session.getSnapshot().user?.organizations).toEqual([acmeLabs]);
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitations' })).not.toBeInTheDocument());
});

it('Decline drops the invitation without joining', async () => {
  const answers: Record<string, ApiAnswer> = {
    '/api/v1/organizations/get-invitations': listing([invitation]),
    '/api/v1/organizations/decline-invitation': { body: { success: true, message: 'Invitation declined' } },
  };
  const { fetchMock, session } = renderPanel(answers);
  await screen.findByRole('region', { name: 'Invitations' });
  answers['/api/v1/organizations/get-invitations'] = listing([]);
  await userEvent.click(screen.getByRole('button', { name: 'Decline the invitation to Acme Labs' }));
  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith({ title: 'Invitation declined', status: 'success' }),
  );
  expect(bodyOf(fetchMock, '/decline-invitation')).toEqual({ invitation_id: 'inv-1' });
  expect(session.getSnapshot().user?.organizations).toEqual([]);
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitations' })).not.toBeInTheDocument());
});

it('a withdrawn invitation says so when accepted, and nothing is joined', async () => {
  const { session } = renderPanel({
    '/api/v1/organizations/get-invitations': listing([invitation]),
    '/api/v1/organizations/accept-invitation': {
      status: 404,
      body: { success: false, message: 'Invitation not found. It may have been withdrawn.' },
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Accept the invitation to Acme Labs' }));
  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Error',
        description: 'Invitation not found. It may have been withdrawn.',
      }),
    ),
  );
  expect(session.getSnapshot().user?.organizations).toEqual([]);
});

it('shows nothing without invitations', async () => {
  const { fetchMock } = renderPanel({ '/api/v1/organizations/get-invitations': listing([]) });
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  expect(screen.queryByRole('region', { name: 'Invitations' })).not.toBeInTheDocument();
});
