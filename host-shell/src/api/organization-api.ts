import { apiPost } from 'shared';

export interface CreatedOrganization {
  id: string;
  name: string;
  subscription_status: 'free' | 'paid' | 'unpaid';
}

export async function createOrganization(name: string): Promise<CreatedOrganization> {
  return apiPost<CreatedOrganization>(
    '/api/v1/organization/create-organization',
    { name },
    {
      failureMessage: 'Failed to create organization',
    },
  );
}
