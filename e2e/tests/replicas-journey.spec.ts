import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../fixtures/auth';
import { AGENT_PROJECT_PREFIX, startRealAgent, type RunningAgent } from '../fixtures/host-shell-agent';
import { startReplicaSet, type ReplicaSet } from '../fixtures/replica-set';

// Issue 17: the dashboard through a real balancer. Three built replicas on a new PostgreSQL
// database behind haproxy, round-robin and without sticky sessions, as README's 'Run several
// replicas' starts them (scripts/start-replicas.sh). In Chromium, through the balancer's address
// only: sign in with the development identity provider, pair a real agent, the organization,
// catalog and server settings pages, a read of the agent's Docker networks served by a replica the
// agent is not connected to; then kill -9 of the agent's replica, and the dashboard goes on.

test.describe.configure({ mode: 'serial' });

const USER = { name: 'Barbara Liskov', email: 'barbara.replicas@example.com' };
/** Made with the docker CLI before the journey reads the list; the other one through the page. */
const NETWORK_MADE_ON_THE_HOST = `${AGENT_PROJECT_PREFIX}-replicas-host`;
const NETWORK_MADE_IN_THE_PAGE = `${AGENT_PROJECT_PREFIX}-replicas-page`;

let set: ReplicaSet;
let page: Page;
let agent: RunningAgent | null = null;
let agentId = '';
let agentCode = '';

const dockerNetworks = () =>
  execFileSync('docker', ['network', 'ls', '--format', '{{.Name}}'], { encoding: 'utf8' }).split('\n');

function removeNetworks() {
  const ours = dockerNetworks().filter((name) => name.startsWith(`${AGENT_PROJECT_PREFIX}-replicas-`));
  if (ours.length) execFileSync('docker', ['network', 'rm', ...ours]);
}

/** Replicas that answered a call of `path` with 200. */
function replicasServing(path: string): number[] {
  return [1, 2, 3].filter((replica) =>
    set.served(replica).some((request) => request.path === path && request.status === 200),
  );
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  set = await startReplicaSet();
  page = await browser.newPage({ baseURL: set.balancerUrl, viewport: { width: 1400, height: 900 } });
});

test.afterAll(async () => {
  await page?.close();
  await agent?.stop();
  await set?.stop();
  removeNetworks();
});

test('through the balancer, a user signs in and pairs a real agent that shows online', async () => {
  test.setTimeout(90_000);
  await signIn(page, USER);
  await expect(page.getByRole('heading', { name: 'Welcome to Dockhand' })).toBeVisible();
  agent = await startRealAgent(30_000, { serverUrl: set.balancerUrl });
  agentCode = agent.code;

  await page.getByRole('button', { name: 'Add Your First Server' }).click();
  const dialog = page.getByTestId('server-connection-dialog');
  await dialog.getByLabel('Code character 1').click();
  await page.keyboard.type(agentCode);
  await dialog.getByRole('button', { name: 'New' }).click();
  const createOrganization = page.getByRole('dialog', { name: 'Create Organization' });
  await createOrganization.getByLabel('Organization name').fill('Liskov Replicas');
  await createOrganization.getByRole('button', { name: 'Create Organization' }).click();
  const registered = page.waitForResponse((response) => response.url().includes('/register-agent'));
  await dialog.getByRole('button', { name: 'Connect Server' }).click();
  const answer = await registered;
  expect(answer.status(), await answer.text()).toBe(200);
  agentId = ((await answer.json()) as { data: { agent: { id: string } } }).data.agent.id;

  await expect(page.getByRole('status').filter({ hasText: 'Server Connected' })).toBeVisible();
  const card = page.getByTestId('server-card');
  await expect(card).toContainText(`Server ${agentCode}`);
  await expect(card.getByText('Online')).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText(/Hardware:\s*\d+ Cores?/, { timeout: 30_000 });
  await expect.poll(() => set.holderOf(agentId), { timeout: 15_000 }).not.toBeNull();
});

test('the remote pages work through the balancer, and a replica without the agent reads its networks', async () => {
  test.setTimeout(60_000);
  await page.getByTestId('sidebar').getByText('Manage Organization').click();
  const billing = page.getByRole('region', { name: 'Subscription & Billing' });
  const row = billing.getByRole('listitem', { name: `Server ${agentCode}` });
  await row.getByRole('button', { name: 'Assign Free' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Agent promoted successfully' })).toBeVisible();
  await expect(row).toContainText('Free');

  await page.getByTestId('sidebar').getByText('Apps Catalog').click();
  await expect(page.getByTestId('catalog-card').first()).toBeVisible();

  await page.getByTestId('sidebar').getByText('Server Settings').click();
  await page.getByLabel('Name').fill('liskov-balanced');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Server Renamed' })).toBeVisible();

  // A network only Docker knows of: listing it means the call reached the real agent.
  execFileSync('docker', ['network', 'create', NETWORK_MADE_ON_THE_HOST]);
  await page.getByRole('tab', { name: 'Docker Networks' }).click();
  const holder = set.holderOf(agentId);
  // Round-robin spreads the reads; until one lands on a replica that must pass it on, read again.
  // One call beside the page moves the rotation on, so a reload that always makes the same number
  // of calls cannot keep landing the read on the same replica.
  await expect(async () => {
    await fetch(`${set.balancerUrl}/healthz`);
    await page.reload();
    await expect(page.getByRole('listitem', { name: NETWORK_MADE_ON_THE_HOST })).toBeVisible();
    expect(
      replicasServing('/api/v1/networks/get-networks').filter((replica) => replica !== holder),
    ).not.toEqual([]);
  }).toPass({ timeout: 30_000 });
  expect(set.holderOf(agentId), 'the agent stayed on its replica').toBe(holder);
  // The holder answered the others' hops for the agent.
  expect(replicasServing('/internal/replicas/agent-request')).toEqual([holder]);

  // The journey so far, page and API calls alike, was answered by more than one replica.
  const answering = [1, 2, 3].filter((replica) =>
    set.served(replica).some((request) => request.path.startsWith('/api/v1/')),
  );
  expect(answering.length).toBeGreaterThan(1);
});

test('after kill -9 of the replica holding the agent, the dashboard keeps working and the agent is back', async () => {
  test.setTimeout(60_000);
  const killed = set.holderOf(agentId);
  expect(killed).not.toBeNull();
  set.kill(killed!);
  await expect.poll(() => set.running()).not.toContain(killed);

  // The agent reconnects through the balancer to another replica, and every replica left reaches it.
  await expect
    .poll(() => set.running().includes(set.holderOf(agentId) ?? 0), {
      message: 'a replica left holds the agent',
      timeout: 30_000,
    })
    .toBe(true);
  await expect
    .poll(
      async () => {
        const reads = await Promise.all(
          set
            .running()
            .map((replica) =>
              page.request.get(`${set.replicaUrl(replica)}/api/v1/networks/get-networks?agent_id=${agentId}`),
            ),
        );
        return reads.map((read) => read.status());
      },
      { timeout: 20_000 },
    )
    .toEqual([200, 200]);

  await page.getByTestId('sidebar').getByText('Dashboard').click();
  const card = page.getByTestId('server-card');
  await expect(card).toContainText('liskov-balanced');
  await expect(card.getByText('Online')).toBeVisible();

  await page.getByTestId('sidebar').getByText('Server Settings').click();
  await page.getByRole('tab', { name: 'Docker Networks' }).click();
  await page.getByRole('button', { name: 'Create Network' }).click();
  const create = page.getByRole('dialog', { name: 'Create Network' });
  await create.getByLabel('Network name').fill(NETWORK_MADE_IN_THE_PAGE);
  await create.getByLabel('Network name').press('Enter');
  await expect(page.getByRole('listitem', { name: NETWORK_MADE_IN_THE_PAGE })).toBeVisible();
  expect(dockerNetworks()).toContain(NETWORK_MADE_IN_THE_PAGE);
  for (const network of [NETWORK_MADE_IN_THE_PAGE, NETWORK_MADE_ON_THE_HOST]) {
    await page.getByRole('button', { name: `Delete ${network}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('listitem', { name: network })).toHaveCount(0);
  }
  expect(dockerNetworks()).not.toContain(NETWORK_MADE_IN_THE_PAGE);
  expect(dockerNetworks()).not.toContain(NETWORK_MADE_ON_THE_HOST);

  await page.getByTestId('sidebar').getByText('Manage Organization').click();
  await expect(page.getByRole('heading', { name: 'Liskov Replicas' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Subscription & Billing' })
      .getByRole('listitem', { name: /liskov-balanced/ }),
  ).toContainText('Free');
});
