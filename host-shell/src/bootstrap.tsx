import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import { AuthProvider, configureApiClient, getBrowserAuthSession, queryClient } from 'shared';
import { loadRemotesManifest } from './federation/remote-loader';
import { AppRoutes } from './routes';
import { fetchWithEarlyResponses } from './first-screen/early-requests';
import { startFirstScreenPrefetch } from './first-screen/prefetch';
import { suppressCanceledRejections } from './suppress-canceled';

// Every API call runs the auth state machine's check first (spec section 7).
configureApiClient({
  ensureAuthenticated: getBrowserAuthSession().ensureAuthenticated,
  fetch: fetchWithEarlyResponses((input, init) => window.fetch(input, init)),
});
suppressCanceledRejections();
const firstScreenLoaded = startFirstScreenPrefetch();

// Start reading the remotes manifest now, in parallel with the first render.
loadRemotesManifest().catch((error: unknown) =>
  console.warn('Dockhand: remotes manifest unavailable', error),
);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const root = createRoot(container);
const app = (
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
  </StrictMode>
);
// First render once the first screen's pages and data are in (they load beside this bootstrap):
// it then shows that screen whole, in one pass (see preloadablePage and startFirstScreenPrefetch).
void firstScreenLoaded
  .catch(() => undefined) // a failed chunk shows in the render below, through the usual path
  .then(() => root.render(app));
