import { Navigate, Route, Routes } from 'react-router-dom';
import { catalogQueryOptions, queryClient, useCurrentAgent } from 'shared';
import { RemotePage } from './federation/RemotePage';
import { preloadablePage } from './load-on-use/preloadable-page';

// Everything behind the sign-in is lazy: the login route stays light (no Chakra, no framer-motion).
// The entry preloads the pages of the first screen (see ./first-screen/prefetch).
export const loginPage = preloadablePage(() => import('./sign-in/LoginPage'));
// The shell's code and its stylesheets: it renders with all of them in.
export const protectedLayout = preloadablePage(() =>
  import('./layout/ProtectedLayout').then((page) => page.shellStylesheetsLoaded.then(() => page)),
);
export const dashboardPage = preloadablePage(() => import('./dashboard/DashboardPage'));

/** A catalog page, whose items (the current server's catalog) load beside the remote's code. */
function CatalogRemotePage({ module }: { module: string }) {
  const { currentAgentId } = useCurrentAgent();
  const prefetch = currentAgentId
    ? () => void queryClient.prefetchQuery(catalogQueryOptions(currentAgentId))
    : undefined;
  return <RemotePage remote="mfe-catalog" module={module} prefetch={prefetch} />;
}

/** The routes of spec section 2 (hash URLs). Children of the shell render pages exposed by remotes. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<loginPage.Page />} />
      <Route path="/" element={<protectedLayout.Page />}>
        <Route index element={<dashboardPage.Page />} />
        <Route path="catalog" element={<CatalogRemotePage module="CatalogPage" />} />
        <Route path="catalog/:appName" element={<CatalogRemotePage module="CatalogItemPage" />} />
        <Route path="app/:appId" element={<RemotePage remote="mfe-apps" module="AppDetailPage" />} />
        <Route path="create-app" element={<RemotePage remote="mfe-apps" module="CreateAppPage" />} />
        <Route
          path="settings"
          element={<RemotePage remote="mfe-server-settings" module="ServerSettingsPage" />}
        />
        <Route
          path="organization"
          element={<RemotePage remote="mfe-organization" module="OrganizationPage" />}
        />
      </Route>
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  );
}
