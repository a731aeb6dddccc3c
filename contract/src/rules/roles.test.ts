import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BILLING_ROLES, isOrganizationRole, MANAGER_ROLES } from './roles.js';

test('owner and admin manage; any role manages billing', () => {
  assert.deepEqual([...MANAGER_ROLES], ['owner', 'admin']);
  assert.deepEqual([...BILLING_ROLES], ['owner', 'admin', 'billing']);
  assert.equal(isOrganizationRole('billing'), true);
  assert.equal(isOrganizationRole('root'), false);
  assert.equal(isOrganizationRole(undefined), false);
});
