import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../context/CurrentUserContext';
import { AuthSession } from './auth-session';
import { AuthProvider, useAuth } from './AuthProvider';
import { FakeAuthWorld, sampleUser } from './test-helpers';

function Status() {
  const { status, user } = useAuth();
  return <p>{`${status}:${user?.name ?? 'nobody'}`}</p>;
}

describe('AuthProvider', () => {
  it('re-renders consumers when the state machine changes', async () => {
    const world = new FakeAuthWorld();
    world.cookie = world.validToken();
    const session = new AuthSession(world.environment());
    render(
      <AuthProvider session={session}>
        <Status />
      </AuthProvider>,
    );
    expect(screen.getByText('unknown:nobody')).toBeInTheDocument();
    await act(() => session.check());
    expect(screen.getByText(`authenticated:${sampleUser.name}`)).toBeInTheDocument();
    await act(() => session.logout());
    expect(screen.getByText('signed-out:nobody')).toBeInTheDocument();
  });

  it('exposes the organization edits', async () => {
    const world = new FakeAuthWorld();
    const session = new AuthSession(world.environment());
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AuthProvider session={session}>{children}</AuthProvider>
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    act(() => result.current.setUser(sampleUser));
    act(() => result.current.removeOrganization('org-1'));
    expect(result.current.user?.organizations).toEqual([]);
  });

  it('provides the shared CurrentUserContext for remotes', () => {
    const world = new FakeAuthWorld();
    const session = new AuthSession(world.environment());
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AuthProvider session={session}>{children}</AuthProvider>
    );
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    expect(result.current.user).toBeNull();
    act(() => result.current.setUser(sampleUser));
    expect(result.current.user).toEqual(sampleUser);
  });

  it('throws when used outside the provider', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Status />)).toThrow('useAuth must be used within an AuthProvider');
    spy.mockRestore();
  });
});
