import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAgentHubConfig, type AgentHubConfig } from './hub/config.js';

/** Repository root (server/dist or server/src → ../..), the base for default folders. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Config {
  /** 'production' refuses development-only features such as the built-in identity provider. */
  mode: 'development' | 'production';
  host: string;
  port: number;
  /** pino level of the request log (LOG_LEVEL; production logs at info). */
  logLevel: string;
  /** Behind a reverse proxy: trust its X-Forwarded-* headers (TRUST_PROXY=1). */
  trustProxy: boolean;
  /** Public base URL of this server, as the browser sees it (cookies, OIDC redirects). */
  publicUrl: string;
  /** Folder for the SQLite file and other state. */
  dataDir: string;
  /** Built host shell (index.html and its scripts). */
  hostDistDir: string;
  /** Released remotes: {releasesDir}/{remote}/{version}/ and {releasesDir}/remotes.json. */
  releasesDir: string;
  /** App catalog root: {catalogDir}/templates/<id>/ and {catalogDir}/assets/ (CATALOG_DIR). */
  catalogDir: string;
  /** Optional second catalog root with the same layout, e.g. test-only templates (CATALOG_EXTRA_DIR). */
  catalogExtraDir: string | null;
  /** PostgreSQL connection URL; when unset the server uses SQLite in `dataDir`. */
  databaseUrl: string | undefined;
  /** Where other replicas reach this one (REPLICA_URL); by default its own listener. PostgreSQL only. */
  replicaUrl: string | undefined;
  auth: AuthConfig;
  billing: BillingConfig;
  /** Agent hub timeouts, pairing code lifetime, agent bundle for /install.sh (hub/config.ts). */
  agentHub: AgentHubConfig;
}

interface AuthConfig {
  /** OIDC issuer; with the dev identity provider on, it is `{publicUrl}/dev-idp`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Runs the built-in development identity provider under `/dev-idp` (refused in production). */
  devIdentityProvider: boolean;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Optional fixed key for signing access tokens; otherwise one is generated and kept in the DB. */
  sessionSecret: string | undefined;
  /** Requests per minute and client address to sign-in, callback and refresh. */
  rateLimitPerMinute: number;
}

interface BillingConfig {
  /** `dev` serves its own checkout pages (refused in production); `stripe` uses Stripe. */
  provider: 'dev' | 'stripe';
  /** Pro servers included in a Business plan. */
  businessLicenses: number;
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  stripePricePro: string;
  stripePriceBusiness: string;
  /** Where the Stripe SDK sends requests; only changed by tests (a local stand-in). */
  stripeApi: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

/** Reads configuration from the environment; every value has an embedded default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '127.0.0.1';
  const mode = env.NODE_ENV === 'production' ? 'production' : 'development';
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, '.data'));
  const releasesDir = path.resolve(env.RELEASES_DIR ?? path.join(repoRoot, 'releases'));
  return {
    mode,
    host,
    port,
    logLevel: mode === 'production' ? 'info' : (env.LOG_LEVEL ?? 'warn'),
    trustProxy: env.TRUST_PROXY === '1',
    publicUrl,
    dataDir,
    hostDistDir: path.resolve(env.HOST_DIST_DIR ?? path.join(repoRoot, 'host-shell', 'dist')),
    releasesDir,
    catalogDir: path.resolve(env.CATALOG_DIR ?? path.join(repoRoot, 'server', 'catalog')),
    catalogExtraDir: env.CATALOG_EXTRA_DIR ? path.resolve(env.CATALOG_EXTRA_DIR) : null,
    databaseUrl: env.DATABASE_URL || undefined,
    replicaUrl: env.REPLICA_URL?.replace(/\/$/, '') || undefined,
    auth: loadAuthConfig(env, mode, publicUrl),
    billing: loadBillingConfig(env, mode),
    agentHub: loadAgentHubConfig(env, repoRoot, { releasesDir, dataDir, production: mode === 'production' }),
  };
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function loadAuthConfig(env: NodeJS.ProcessEnv, mode: Config['mode'], publicUrl: string): AuthConfig {
  const devIdentityProvider = flag(env.DEV_IDP) ?? mode === 'development';
  if (devIdentityProvider && mode === 'production') {
    throw new Error('The development identity provider (DEV_IDP) cannot run in production mode');
  }
  const common = {
    devIdentityProvider,
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL_SECONDS ?? 15 * 60),
    refreshTokenTtlSeconds: Number(env.REFRESH_TOKEN_TTL_SECONDS ?? 30 * 24 * 3600),
    sessionSecret: env.SESSION_SECRET || undefined,
    rateLimitPerMinute: Number(env.AUTH_RATE_LIMIT_PER_MINUTE ?? 300),
  };
  if (devIdentityProvider) {
    // The dev provider registers exactly this client for itself (see auth/dev-idp.ts).
    return {
      ...common,
      issuer: `${publicUrl}/dev-idp`,
      clientId: 'dockhand-dev',
      clientSecret: randomBytes(24).toString('base64url'),
    };
  }
  return {
    ...common,
    issuer: env.OIDC_ISSUER ?? 'https://accounts.google.com',
    clientId: env.OIDC_CLIENT_ID ?? '',
    clientSecret: env.OIDC_CLIENT_SECRET ?? '',
  };
}

function loadBillingConfig(env: NodeJS.ProcessEnv, mode: Config['mode']): BillingConfig {
  const provider =
    env.BILLING_PROVIDER === 'stripe' || env.BILLING_PROVIDER === 'dev'
      ? env.BILLING_PROVIDER
      : mode === 'production'
        ? 'stripe'
        : 'dev';
  if (provider === 'dev' && mode === 'production') {
    throw new Error('The development billing provider cannot run in production mode');
  }
  const apiHost = env.STRIPE_API_HOST;
  return {
    provider,
    businessLicenses: Number(env.BUSINESS_LICENSES ?? 5),
    stripeSecretKey: env.STRIPE_SECRET_KEY ?? '',
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    stripePricePro: env.STRIPE_PRICE_PRO ?? '',
    stripePriceBusiness: env.STRIPE_PRICE_BUSINESS ?? '',
    stripeApi: apiHost
      ? {
          host: apiHost,
          port: Number(env.STRIPE_API_PORT ?? 443),
          protocol: env.STRIPE_API_PROTOCOL === 'http' ? 'http' : 'https',
        }
      : undefined,
  };
}
