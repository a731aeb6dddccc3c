import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, e2e, repoRoot } from './fixtures/environment';
import { writeE2eCatalog } from './fixtures/test-catalog';

// Runs against the production build (`pnpm build`) served by the real server, with a fresh data
// folder and a fresh releases folder (the built remotes are published into it at start).
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One server with shared state (manifest, database): tests run one after the other.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list']],
  outputDir: `${e2e.runDir}/test-results`,
  use: {
    baseURL: e2e.baseUrl,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // A development agent release key in DATA_DIR, as start.sh makes one.
    command:
      'node scripts/agent-release-key.mjs --if-missing && node scripts/release.mjs --initial && node server/dist/main.js',
    cwd: repoRoot,
    url: `${e2e.baseUrl}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(e2e.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: e2e.baseUrl,
      DATA_DIR: e2e.dataDir,
      RELEASES_DIR: e2e.releasesDir,
      // The shipped catalog plus one app whose image the tests build locally.
      CATALOG_EXTRA_DIR: writeE2eCatalog(),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
  },
});
