import { apiCall, type CatalogItem } from 'shared';

export interface InstallRequest {
  name: string;
  /** The new app's id, made here so the dialog can show its deploy as it runs. */
  app_id: string;
  template_id: string;
  version?: string;
}

/** Starts the installation on the server (it deploys before answering). */
export async function installCatalogApp(agentId: string, request: InstallRequest): Promise<void> {
  await apiCall<unknown>('/api/v1/catalog/install-app', {
    method: 'POST',
    query: { agent_id: agentId },
    body: request,
    failureMessage: 'Failed to install app',
    idempotent: true,
  });
}

/** `catalog/{appName}` matches the item id case-insensitively (spec section 2). */
export function findCatalogItem(items: CatalogItem[], appName: string): CatalogItem | undefined {
  const wanted = appName.toLowerCase();
  return items.find((item) => item.id.toLowerCase() === wanted);
}
