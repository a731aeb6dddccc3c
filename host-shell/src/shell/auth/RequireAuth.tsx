import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from 'shared';

/** Where the login page sends the user back to after sign-in. */
export interface LoginRedirectState {
  from?: string;
}

function FullPageLoading() {
  return (
    <Center minH="100vh">
      <Stack align="center" spacing={3}>
        <Spinner color="blue.500" thickness="3px" size="lg" />
        <Text color="gray.600" fontSize="sm">
          Loading...
        </Text>
      </Stack>
    </Center>
  );
}

/**
 * The protected shell's gate: runs the auth check on every page of the shell and sends a
 * signed-out visitor to the login page, passing the path they wanted.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, check } = useAuth();
  const location = useLocation();

  useEffect(() => {
    void check();
  }, [check, location.pathname]);

  if (status === 'signed-out') {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={{ from } satisfies LoginRedirectState} />;
  }
  if (status === 'unknown') return <FullPageLoading />;
  return <>{children}</>;
}
