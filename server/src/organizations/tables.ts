/** Organizations, their members and pending invitations. */
import type { OrganizationRole } from 'contract';

/** 'paid' means Business; anything else is Individual. */
export type OrganizationSubscriptionStatus = 'paid' | 'unpaid';

export interface OrganizationsTable {
  id: string;
  name: string;
  subscription_status: OrganizationSubscriptionStatus;
  /** Number of Pro servers included in the Business plan. */
  licenses: number;
  billing_customer_id: string | null;
  billing_subscription_id: string | null;
  /** `created` time (seconds) of the last billing event applied. */
  billing_event_at: number | null;
  created_at: number;
}

interface OrganizationMembersTable {
  organization_id: string;
  user_id: string;
  role: OrganizationRole;
  created_at: number;
}

interface OrganizationInvitationsTable {
  id: string;
  organization_id: string;
  /** Lower-cased; the invitee joins when they sign in with this email. */
  email: string;
  role: OrganizationRole;
  invited_by: string;
  created_at: number;
}

export interface OrganizationTables {
  organizations: OrganizationsTable;
  organization_members: OrganizationMembersTable;
  organization_invitations: OrganizationInvitationsTable;
}
