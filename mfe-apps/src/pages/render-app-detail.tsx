// The app page as its tests render it (not shipped: only test files import this module).
import type { AppDetails } from 'shared';
import type { ApiAnswer } from 'shared/src/test-support/api';
import { ok, renderPage, type RenderPageOptions } from 'shared/src/test-support/render-page';
import AppDetailPage from './AppDetailPage';

/**
 * The page of `app` at /app/<its id> (or `route`), with the answers it reads on opening: the app
 * listed and active, its details, an empty catalog, no logs and no deploy running; `answers` add
 * to them or replace them.
 */
export function renderAppDetail(
  app: AppDetails,
  { route, answers, ...options }: Partial<Omit<RenderPageOptions, 'path'>> = {},
) {
  const { id, name, icon, color } = app.config;
  const opening: Record<string, ApiAnswer> = {
    '/api/v1/apps/get-apps': ok({ apps: [{ id, name, icon, color, extension: null, status: 1 }] }),
    '/api/v1/apps/get-apps-status': ok({ apps: [{ app_id: id, status: 1 }] }),
    '/api/v1/apps/get-app': ok(app),
    '/api/v1/catalog/get-apps': ok([]),
    '/api/v1/apps/get-logs': ok({ logs: { containers: {}, logs: [] } }),
    '/api/v1/apps/get-deploy-progress': ok({ deploy: null }),
  };
  return renderPage(<AppDetailPage />, {
    ...options,
    route: route ?? `/app/${id}`,
    path: '/app/:appId',
    answers: { ...opening, ...answers },
  });
}
