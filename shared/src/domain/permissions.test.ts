import type { User } from '../types';
import {
  canDeleteOrganization,
  canManageBilling,
  canManageOrganizations,
  canManageServer,
  pickBillingOrganization,
  roleIn,
} from './permissions';

const org = (id: string, role: 'owner' | 'admin' | 'billing') => ({
  id,
  name: id,
  role,
  subscription_status: 'free' as const,
  licenses: 0,
});
const user = (organizations: User['organizations']): User => ({
  id: 'u',
  name: 'U',
  email: 'u@x',
  image: null,
  organizations,
});

describe('permissions', () => {
  it('lets owners and admins manage servers of their organizations only', () => {
    const someone = user([org('a', 'owner'), org('b', 'admin'), org('c', 'billing')]);
    expect(canManageServer(someone, { organization_id: 'a' })).toBe(true);
    expect(canManageServer(someone, { organization_id: 'b' })).toBe(true);
    expect(canManageServer(someone, { organization_id: 'c' })).toBe(false);
    expect(canManageServer(someone, { organization_id: 'elsewhere' })).toBe(false);
    expect(canManageServer(null, { organization_id: 'a' })).toBe(false);
    expect(roleIn(someone, 'c')).toBe('billing');
  });

  it('grants Manage Organization to owners or admins of any organization', () => {
    expect(canManageOrganizations(user([org('a', 'billing')]))).toBe(false);
    expect(canManageOrganizations(user([org('a', 'billing'), org('b', 'admin')]))).toBe(true);
    expect(canManageOrganizations(user([]))).toBe(false);
  });

  it('checks billing rights for one organization or any', () => {
    const someone = user([org('a', 'billing')]);
    expect(canManageBilling(someone, 'a')).toBe(true);
    expect(canManageBilling(someone, 'b')).toBe(false);
    expect(canManageBilling(someone)).toBe(true);
    expect(canManageBilling(user([]))).toBe(false);
  });

  it('picks the billing organization by owner, then admin, then billing', () => {
    expect(
      pickBillingOrganization(user([org('x', 'billing'), org('y', 'admin'), org('z', 'owner')]))?.id,
    ).toBe('z');
    expect(pickBillingOrganization(user([org('x', 'billing'), org('y', 'admin')]))?.id).toBe('y');
    expect(pickBillingOrganization(user([]))).toBeNull();
  });

  it('lets only owners delete an organization', () => {
    const someone = user([org('a', 'owner'), org('b', 'admin')]);
    expect(canDeleteOrganization(someone, 'a')).toBe(true);
    expect(canDeleteOrganization(someone, 'b')).toBe(false);
  });
});
