import { agentOn, catalogItem } from '../test-support/catalog-fixtures';
import {
  catalogActionFor,
  defaultVersion,
  installableVersions,
  serverPlanContext,
  suggestAppName,
} from './catalog-action';

const plan = (serverPlan: 'free' | 'paid' | 'unpaid', organizationPaid = false) => ({
  serverPlan,
  organizationId: 'org-1',
  organizationPaid,
});

test('waitlist items offer the waitlist; plan limits ask for the right upgrade; others install', () => {
  const everywhere = catalogItem({ id: 'a', name: 'A' });
  const proOnly = catalogItem({ id: 'b', name: 'B', available_in: ['pro'] });
  const businessOnly = catalogItem({ id: 'c', name: 'C', available_in: ['business'] });
  const beta = catalogItem({ id: 'd', name: 'D', waiting_list: true, available_in: ['business'] });
  expect(catalogActionFor(everywhere, plan('free'))).toEqual({ kind: 'install' });
  expect(catalogActionFor(proOnly, plan('free'))).toEqual({
    kind: 'upgrade',
    upgrade: { label: 'Upgrade to Pro', target: 'agent-subscription' },
  });
  expect(catalogActionFor(proOnly, plan('paid'))).toEqual({ kind: 'install' });
  expect(catalogActionFor(businessOnly, plan('paid'))).toEqual({
    kind: 'upgrade',
    upgrade: { label: 'Upgrade to Business', target: 'organization-checkout' },
  });
  expect(catalogActionFor(businessOnly, plan('paid', true))).toEqual({ kind: 'install' });
  expect(catalogActionFor(beta, plan('paid', true))).toEqual({ kind: 'waitlist' });
});

test("the server's plan comes from the agent, the organization's from the user; unknown plans install nothing", () => {
  const user = {
    id: 'u',
    name: 'U',
    email: 'u@x',
    image: null,
    organizations: [
      {
        id: 'org-1',
        name: 'Acme',
        role: 'owner' as const,
        subscription_status: 'paid' as const,
        licenses: 3,
      },
    ],
  };
  expect(serverPlanContext(agentOn('free'), user)).toEqual({
    serverPlan: 'free',
    organizationId: 'org-1',
    organizationPaid: true,
  });
  expect(serverPlanContext({ ...agentOn('free'), subscription_status: 'gold' }, user).serverPlan).toBe(
    'unpaid',
  );
  expect(serverPlanContext(null, null)).toEqual({
    serverPlan: 'unpaid',
    organizationId: null,
    organizationPaid: false,
  });
});

test('a free server installs tagged versions; the default is the newest it may install', () => {
  const item = catalogItem({
    id: 'gitea',
    name: 'Gitea',
    registry: {
      tags: [{ name: '1.21.0' }],
      releases: ['1.20.0', '1.21.0', '1.22.0'].map((name) => ({
        name,
        date: '2026-01-01',
        description: '',
        breaking_changes: false,
        changelog_url: null,
      })),
    },
  });
  const free = installableVersions(item, 'free');
  expect(free.choices).toEqual([
    { name: '1.22.0', locked: true },
    { name: '1.21.0', locked: false },
  ]);
  expect(free.olderVersionsHidden).toBe(true);
  expect(defaultVersion(free)).toBe('1.21.0');
  expect(defaultVersion(installableVersions(item, 'paid'))).toBe('1.22.0');
});

test('the suggested name is the slug, numbered past the apps the server already has', () => {
  const item = catalogItem({ id: 'uptime-kuma', name: 'Uptime Kuma' });
  expect(suggestAppName(item, [])).toBe('uptime-kuma');
  expect(suggestAppName(item, ['Uptime-Kuma', 'uptime-kuma-2'])).toBe('uptime-kuma-3');
  expect(suggestAppName(catalogItem({ id: '2fauth', name: '2FAuth' }), [])).toBe('app-2fauth');
});
