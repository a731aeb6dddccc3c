import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import { AuthProvider, configureApiClient, getBrowserAuthSession, queryClient } from 'shared';
import { loadRemotesManifest } from './federation/remote-loader';
import { AppRoutes } from './routes';
import { startSignedInPrefetch } from './shell/prefetch';
import { suppressCanceledRejections } from './shell/suppress-canceled';

// Every API call runs the auth state machine's check first (spec section 7).
configureApiClient({ ensureAuthenticated: getBrowserAuthSession().ensureAuthenticated });
suppressCanceledRejections();
startSignedInPrefetch();

// Start reading the remotes manifest now, in parallel with the first render.
loadRemotesManifest().catch((error: unknown) => console.warn('Dockhand: remotes manifest unavailable', error));

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <HashRouter>
          <Suspense fallback={<div style={{ padding: '2rem' }}>Loading...</div>}>
            <AppRoutes />
          </Suspense>
        </HashRouter>
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
