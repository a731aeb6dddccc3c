import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from 'shared';

/** Where the login page sends the user back to after sign-in. */
export interface LoginRedirectState {
  from?: string;
}

function FullPageLoading() {
  return (
    <div className="dh-auth-wait">
      <div className="chakra-stack dh-auth-wait__stack">
        <div className="chakra-spinner dh-auth-wait__spinner">
          <span className="dh-auth-wait__span">Loading...</span>
        </div>
        <p className="chakra-text dh-auth-wait__text">Loading...</p>
      </div>
    </div>
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
