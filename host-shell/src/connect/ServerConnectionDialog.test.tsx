import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AuthProvider, eventBus, type User } from 'shared';
import { registerAgent } from '../api/agent-api';
import { createTestAuthSession } from '../test-support/auth-session';
import { HostAgentContext, type HostAgentValue } from '../current-server/CurrentAgentProvider';
import { COPIED_RESET_MS } from './InstallCommand';
import ServerConnectionDialog from './ServerConnectionDialog';

jest.mock('../api/agent-api', () => ({ registerAgent: jest.fn(), createOrganization: jest.fn() }));

const user: User = {
  id: 'u',
  name: 'Ada',
  email: 'a@x',
  image: null,
  organizations: [{ id: 'o1', name: 'Acme', role: 'owner', subscription_status: 'free', licenses: 0 }],
};

function setup(withOrganizations = true) {
  const session = createTestAuthSession({ user: withOrganizations ? user : { ...user, organizations: [] } });
  const host = { addAgent: jest.fn() } as unknown as HostAgentValue;
  const onClose = jest.fn();
  render(
    <ChakraProvider>
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider session={session}>
          <HostAgentContext.Provider value={host}>
            <ServerConnectionDialog isOpen onClose={onClose} />
          </HostAgentContext.Provider>
        </AuthProvider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { host, onClose };
}

function typeCode(code: string) {
  fireEvent.paste(screen.getByLabelText('Code character 1'), { clipboardData: { getData: () => code } });
}

describe('ServerConnectionDialog', () => {
  it('shows five providers, the requirements and the install command', () => {
    setup();
    expect(screen.getAllByRole('tab')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'Get a server on Hetzner' })).toHaveAttribute('target', '_blank');
    expect(
      screen.getByText('Ubuntu 22.04+ or Debian 12+; minimum 1 vCPU and 2GB RAM recommended.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('install-command')).toHaveTextContent('/install.sh');
  });

  it('enables Connect Server only with 6 characters and an organization', () => {
    setup(false);
    const connect = screen.getByRole('button', { name: 'Connect Server' });
    typeCode('ABC12');
    expect(connect).toBeDisabled();
    typeCode('ABC123');
    expect(connect).toBeDisabled();
  });

  it('connects, adds and selects the server and raises Server Connected', async () => {
    const toast = jest.fn();
    const unsubscribe = eventBus.subscribe('toast:show', toast);
    const agent = { id: 'a9', name: 'Server ABC123' };
    let finish: (value: unknown) => void = () => undefined;
    (registerAgent as jest.Mock).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { host, onClose } = setup();
    typeCode('abc-123');
    fireEvent.click(screen.getByRole('button', { name: 'Connect Server' }));
    expect(await screen.findByRole('button', { name: 'Connecting...' })).toBeDisabled();
    expect(registerAgent).toHaveBeenCalledWith('ABC123', 'o1');
    await act(async () => finish({ agent, message: 'Server Connected' }));
    await waitFor(() => expect(host.addAgent).toHaveBeenCalledWith(agent));
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Server Connected', status: 'success' }),
    );
    expect(onClose).toHaveBeenCalled();
    unsubscribe();
  });

  it('resets the copied state after 2 s', async () => {
    jest.useFakeTimers();
    Object.assign(navigator, { clipboard: { writeText: jest.fn().mockResolvedValue(undefined) } });
    setup();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy command' }));
    });
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(COPIED_RESET_MS));
    expect(screen.getByRole('button', { name: 'Copy command' })).toBeInTheDocument();
    jest.useRealTimers();
  });
});
