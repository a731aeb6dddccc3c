import { apiCall } from 'shared';

/** POST rename-organization; resolves with the name the server kept. */
export async function renameOrganization(id: string, name: string): Promise<string> {
  const result = await apiCall<{ name?: string } | null>('/api/v1/organization/rename-organization', {
    method: 'POST',
    body: { id, name },
    failureMessage: 'Failed to rename organization',
    rejectedMessage: 'Rename organization failed',
  });
  return result.data?.name ?? name;
}

/** POST delete-organization: owners only, with every server of the organization offline. */
export async function deleteOrganization(id: string): Promise<void> {
  await apiCall<unknown>('/api/v1/organizations/delete-organization', {
    method: 'POST',
    body: { id },
    failureMessage: 'Failed to delete organization',
    rejectedMessage: 'Delete organization failed',
  });
}
