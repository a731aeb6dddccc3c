/**
 * Builds an app on a fresh, private database for one test: a temporary SQLite folder, or, when
 * TEST_DATABASE_URL is set, a new PostgreSQL database created from that URL and dropped afterwards
 * (so parallel runs never collide).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

export interface TestDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dockhand-test-'));
    return {
      env: { DATA_DIR: dataDir },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `dockhand_test_${randomBytes(6).toString('hex')}`;
  // CREATE DATABASE can fail transiently while other suites create theirs from the same template.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await runAdmin(adminUrl, `CREATE DATABASE ${name}`);
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dockhand-test-'));
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    drop: async () => {
      await runAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function runAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `env` overrides configuration (e.g. PUBLIC_URL, BILLING_PROVIDER) on top of the test database. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', ...database.env, ...env });
  const app = await buildApp(config);
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * For `waitUntil`: whether each app's caches (sessions, hot lists) answer from memory now. Always on
 * SQLite; on PostgreSQL once its listener is fresh, which a test must wait for to see the cache.
 */
export const servesFromMemory =
  (...apps: FastifyInstance[]) =>
  async (): Promise<boolean> =>
    apps.every((app) => app.dockhand.sessions.fresh && app.dockhand.reads.fresh);
