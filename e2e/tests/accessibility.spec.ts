import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { AGENT_PROJECT_PREFIX } from '../fixtures/host-shell-agent';
import {
  dashboardRoutes,
  pageSettled,
  signedInWithServerAndApp,
  type ServerWithApps,
} from '../fixtures/server-with-apps';
import { removeComposeProjects } from '../fixtures/test-catalog';

// Issue 18, Accessibility: axe finds no serious or critical violation on any route, signed in
// with a real server and an app, in light mode, colour contrast (WCAG AA) included.

let page: Page;
let setup: ServerWithApps;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  // AxeBuilder needs a page of an explicit context.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  page = await context.newPage();
  setup = await signedInWithServerAndApp(page, {
    name: 'Axe Walker',
    // A new user each time: a failed test restarts the worker, which sets up again.
    email: `axe.walker.${Date.now()}@example.com`,
  });
});

test.afterAll(async () => {
  await setup?.agent.stop();
  removeComposeProjects(AGENT_PROJECT_PREFIX);
  await page?.context().close();
});

test('no route has a serious or critical accessibility violation, colour contrast included', async () => {
  test.setTimeout(180_000);
  for (const route of dashboardRoutes(setup)) {
    await page.goto(`/#${route}`);
    await pageSettled(page);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const severe = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.nodes
            .map((node) => `${node.target.join(' ')} (${node.any[0]?.message ?? node.failureSummary ?? ''})`)
            .join('; ')}`,
      );
    expect.soft(severe, route).toEqual([]);
  }
});
