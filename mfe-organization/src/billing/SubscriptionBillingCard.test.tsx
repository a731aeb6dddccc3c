import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createQueryClient,
  CurrentAgentContext,
  CurrentUserContext,
  queryKeys,
  type Agent,
  type CurrentAgentValue,
  type CurrentUserValue,
  type UserOrganization,
} from 'shared';
import { answerApi, recordToasts, type ApiAnswer } from 'shared/src/test-support/api';
import { SubscriptionBillingCard } from './SubscriptionBillingCard';

const individual: UserOrganization = {
  id: 'org-1',
  name: 'Acme',
  role: 'owner',
  subscription_status: 'free',
  licenses: 0,
};
const server = {
  id: 'agent-1',
  name: 'web-1',
  organization_id: 'org-1',
  subscription_status: 'unpaid',
} as Agent;

const reply = (status: number, body: unknown): ApiAnswer => ({ status, body });

function renderCard(organization: UserOrganization, answers: Record<string, ApiAnswer>) {
  const fetchMock = answerApi(answers);
  const client = createQueryClient();
  client.setQueryData(queryKeys.agents.list(), [server]);
  const user = { user: { organizations: [organization] }, setUser: jest.fn(), removeOrganization: jest.fn() };
  render(
    <ChakraProvider>
      <QueryClientProvider client={client}>
        <CurrentUserContext.Provider value={user as unknown as CurrentUserValue}>
          <CurrentAgentContext.Provider value={{ agents: [server] } as CurrentAgentValue}>
            <SubscriptionBillingCard organization={organization} />
          </CurrentAgentContext.Provider>
        </CurrentUserContext.Provider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { fetchMock, client };
}

const toasts = recordToasts();
beforeEach(() => {
  window.open = jest.fn();
});

test('an owner assigns the Free plan to an unpaid server; the server list is refetched', async () => {
  const { fetchMock, client } = renderCard(individual, {
    '/api/v1/organizations/promote-agent': reply(200, {
      success: true,
      message: 'OK',
      data: { message: 'Agent promoted successfully' },
    }),
  });
  expect(screen.getByText('Individual')).toBeInTheDocument();
  expect(screen.getByText('Unpaid')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Assign Free' }));

  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith({
      title: 'Success',
      description: 'Agent promoted successfully',
      status: 'success',
    }),
  );
  expect(fetchMock).toHaveBeenCalledWith(
    'http://dock.test/api/v1/organizations/promote-agent',
    expect.objectContaining({ method: 'POST', body: JSON.stringify({ agent_id: 'agent-1', type: 'free' }) }),
  );
  await waitFor(() => expect(client.getQueryState(queryKeys.agents.list())?.isInvalidated).toBe(true));
});

test('Pro without a free license says so and opens the billing portal', async () => {
  const business = { ...individual, subscription_status: 'paid' as const, licenses: 0 };
  renderCard(business, {
    '/api/v1/organizations/promote-agent': reply(402, {
      success: false,
      message: 'No Pro Licenses Available',
    }),
    '/api/v1/billing/get-portal-url': reply(200, {
      success: true,
      message: 'OK',
      data: { url: 'https://billing.test/portal' },
    }),
  });
  expect(screen.getByText('Business')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));

  await waitFor(() =>
    expect(window.open).toHaveBeenCalledWith('https://billing.test/portal', '_blank', 'noopener,noreferrer'),
  );
  expect(toasts.calls).toHaveBeenCalledWith(
    expect.objectContaining({ title: 'No Pro Licenses Available', status: 'error' }),
  );
});

test('an Individual organization upgrades to Business through checkout; a missing URL is an error', async () => {
  renderCard(individual, {
    '/api/v1/billing/get-business-subscription-url': reply(200, { success: true, message: 'OK', data: {} }),
  });
  await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Business' }));
  await waitFor(() =>
    expect(toasts.calls).toHaveBeenCalledWith({
      title: 'Unable to open business subscription',
      description: 'Subscription URL is missing in the response',
      status: 'error',
    }),
  );
  expect(window.open).not.toHaveBeenCalled();
});

test('a billing member buys Pro for a server but cannot assign plans', async () => {
  renderCard(
    { ...individual, role: 'billing' },
    {
      '/api/v1/billing/get-agent-subscription-url': reply(200, {
        success: true,
        message: 'OK',
        data: { url: 'https://billing.test/checkout' },
      }),
    },
  );
  expect(screen.queryByRole('button', { name: 'Assign Free' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
  await waitFor(() =>
    expect(window.open).toHaveBeenCalledWith(
      'https://billing.test/checkout',
      '_blank',
      'noopener,noreferrer',
    ),
  );
});
