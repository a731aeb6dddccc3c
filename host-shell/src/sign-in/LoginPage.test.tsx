import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthProvider, type AuthTransport } from 'shared';
import { RequireAuth } from './RequireAuth';
import { createTestAuthSession } from '../test-support/auth-session';
import LoginPage, { signInRedirectValue } from './LoginPage';

function sessionWith(transport: Partial<AuthTransport>, token?: string) {
  return createTestAuthSession({ transport, token });
}

function validToken(): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 600 })).replace(/=+$/, '');
  return `h.${payload}.s`;
}

function Where() {
  const location = useLocation();
  return <span data-testid="where">{location.pathname}</span>;
}

function renderApp(session: ReturnType<typeof createTestAuthSession>, path: string) {
  render(
    <ChakraProvider>
      <AuthProvider session={session}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="/login"
              element={
                <>
                  <LoginPage />
                  <Where />
                </>
              }
            />
            <Route
              path="/*"
              element={
                <RequireAuth>
                  <p>Protected content</p>
                  <Where />
                </RequireAuth>
              }
            />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </ChakraProvider>,
  );
}

describe('signInRedirectValue', () => {
  it('sends the user back to the hash route they came from, or /', () => {
    expect(signInRedirectValue('/catalog')).toBe('/#/catalog');
    expect(signInRedirectValue('/app/42?tab=logs')).toBe('/#/app/42?tab=logs');
    expect(signInRedirectValue('/')).toBe('/');
    expect(signInRedirectValue(undefined)).toBe('/');
    expect(signInRedirectValue('https://evil.example')).toBe('/');
  });
});

describe('login and the protected shell', () => {
  it('sends a signed-out visitor to the login page, which offers one sign-in button', async () => {
    renderApp(sessionWith({}), '/catalog');
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
    expect(screen.getByRole('img', { name: 'Dockhand logo' })).toBeInTheDocument();
    expect(screen.queryByText('Protected content')).toBeNull();
  });

  it('says why a sign-in came back from the server failed, next to the button to try again', async () => {
    renderApp(sessionWith({}), '/login?error=disk-full');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Sign-in failed: the server's disk is full. Ask its administrator to free some space.",
    );
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
  });

  it('a plain visit to the login page shows no error', async () => {
    renderApp(sessionWith({}), '/login');
    await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an unknown reason still says sign-in failed', async () => {
    renderApp(sessionWith({}), '/login?error=access_denied');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in failed. Please try again.');
  });

  it('shows Loading... while the check runs', () => {
    renderApp(sessionWith({ refresh: () => new Promise(() => undefined) }), '/login');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('lets an authenticated user through and redirects them home from the login page', async () => {
    const session = sessionWith(
      { fetchUser: async () => ({ id: 'u', name: 'Ada', email: 'a@x', image: null, organizations: [] }) },
      validToken(),
    );
    renderApp(session, '/login');
    expect(await screen.findByText('Protected content')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/');
  });
});
