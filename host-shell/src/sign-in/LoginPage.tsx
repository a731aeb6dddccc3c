// The login route must stay light: no Chakra, no framer-motion, plain styles only.
import { useEffect, type CSSProperties } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { signInFailureText, useAuth } from 'shared';
import type { LoginRedirectState } from './RequireAuth';
import { DockhandLogo } from './DockhandLogo';

/**
 * The redirect value sent to the identity provider: the page the user came from, or '/'.
 * Pages are hash routes, so '/catalog' comes back as '/#/catalog'.
 */
export function signInRedirectValue(from: string | undefined): string {
  if (!from || from === '/' || !from.startsWith('/')) return '/';
  return `/#${from}`;
}

function startSignIn(from: string | undefined): void {
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // Storage may be unavailable; sign-in still proceeds.
  }
  window.location.assign(`/auth/google/login?redirect=${encodeURIComponent(signInRedirectValue(from))}`);
}

const styles: Record<string, CSSProperties> = {
  page: {
    minHeight: '100vh',
    // The padding counts within the viewport's height: no scrollbar on a page that fits.
    boxSizing: 'border-box',
    display: 'grid',
    placeItems: 'center',
    padding: 24,
    background:
      'radial-gradient(circle at 20% 10%, #EBF8FF 0, transparent 45%), radial-gradient(circle at 85% 90%, #E9D8FD 0, transparent 40%), #F7FAFC',
    fontFamily: "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    color: '#1A202C',
  },
  card: {
    width: '100%',
    maxWidth: 400,
    background: '#fff',
    borderRadius: 16,
    border: '1px solid #E2E8F0',
    boxShadow: '0 10px 30px rgba(26, 32, 44, 0.08)',
    padding: '40px 32px',
    textAlign: 'center',
  },
  title: { fontSize: 24, fontWeight: 700, margin: '20px 0 6px' },
  subtitle: { fontSize: 14, color: '#718096', margin: '0 0 28px', lineHeight: 1.5 },
  button: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 10,
    width: '100%',
    height: 44,
    borderRadius: 8,
    border: '1px solid #CBD5E0',
    background: '#fff',
    color: '#1A202C',
    fontSize: 15,
    fontWeight: 600,
    cursor: 'pointer',
  },
  loading: { fontSize: 14, color: '#718096' },
  failure: {
    fontSize: 14,
    lineHeight: 1.5,
    color: '#9B2C2C',
    background: '#FFF5F5',
    border: '1px solid #FEB2B2',
    borderRadius: 8,
    padding: '10px 12px',
    margin: '0 0 20px',
  },
  footer: { marginTop: 24, fontSize: 12, color: '#A0AEC0' },
};

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.7 6c4.5-4.2 6.9-10.3 6.9-17.7z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.2 1.5-5 2.3-8.2 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

export default function LoginPage() {
  const { status, check } = useAuth();
  const location = useLocation();
  const from = (location.state as LoginRedirectState | null)?.from;
  // The sign-in callback sends the browser back here with ?error=<code> when it failed.
  const failure = signInFailureText(new URLSearchParams(location.search).get('error'));

  useEffect(() => {
    if (status === 'unknown') void check();
  }, [status, check]);

  if (status === 'authenticated') return <Navigate to={from ?? '/'} replace />;

  return (
    <main style={styles.page}>
      <style>{'body { margin: 0; }'}</style>
      <section style={styles.card} aria-labelledby="login-title">
        <DockhandLogo size={56} />
        <h1 id="login-title" style={styles.title}>
          Welcome to Dockhand
        </h1>
        <p style={styles.subtitle}>Connect your servers and deploy apps in minutes.</p>
        {failure && (
          <p role="alert" style={styles.failure}>
            {failure}
          </p>
        )}
        {status === 'unknown' ? (
          <p role="status" style={styles.loading}>
            Loading...
          </p>
        ) : (
          <button type="button" style={styles.button} onClick={() => startSignIn(from)}>
            <GoogleMark />
            Sign in with Google
          </button>
        )}
        <p style={styles.footer}>Your servers, your apps, one dashboard.</p>
      </section>
    </main>
  );
}
