/**
 * The built-in development identity provider: a real OpenID Connect provider (oidc-provider 8)
 * mounted under `/dev-idp`, so local runs and tests exercise the real code flow. Its sign-in
 * form takes any name and email (the email is reported as verified); consent is automatic.
 * `loadConfig` refuses it in production mode. Its keys are server secrets and its sign-ins live in
 * the database (dev-idp-adapter.ts), so a sign-in may start on one replica and end on another.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import type Provider from 'oidc-provider';
import type { Adapter, Interaction, JWK, KoaContextWithOIDC } from 'oidc-provider';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { createDatabaseAdapterFactory } from './dev-idp-adapter.js';
import { madeOnce } from './made-once.js';
import { loadOrCreateSecret } from './secrets.js';
import { renderDevProviderPage, renderDevSignInPage } from './dev-idp-page.js';

const MOUNT = '/dev-idp';
const INTERACTION = `${MOUNT}/interaction`;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The name and email typed into the form, kept as long as the provider's own session. */
const ACCOUNT_MODEL = 'DevAccount';
const SESSION_TTL_SECONDS = 3600;

interface DevAccount {
  email: string;
  name: string;
}

export async function registerDevIdentityProvider(
  app: FastifyInstance,
  config: Config,
  db: Kysely<Database>,
): Promise<void> {
  if (!config.auth.devIdentityProvider) return;
  const storage = createDatabaseAdapterFactory(db);
  const accounts = storage(ACCOUNT_MODEL);
  // Made on its first request (the first sign-in's discovery), not at start: oidc-provider and its
  // dependencies are about 15 MB of a waiting server's memory.
  const providerInUse = madeOnce(async () => {
    const provider = await createProvider(config, db, storage);
    // Trust X-Forwarded-Host/Proto: the relying party reaches this provider over loopback and names
    // the public host it stands for (see oidc-client.ts). Development only: refused in production.
    provider.proxy = true;
    return { provider, handle: provider.callback() };
  });

  await app.register(async (scope) => {
    // oidc-provider reads its own request bodies; only the sign-in form is parsed here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { bodyLimit: 16 * 1024 }, (request, payload, done) => {
      if (!request.url.startsWith(`${INTERACTION}/`)) return done(null, undefined);
      let body = '';
      payload.setEncoding('utf8');
      payload.on('data', (chunk: string) => (body += chunk));
      payload.on('end', () => done(null, Object.fromEntries(new URLSearchParams(body))));
      payload.on('error', done);
    });

    scope.get<{ Params: { uid: string } }>(`${INTERACTION}/:uid`, async (request, reply) => {
      const { provider } = await providerInUse();
      const details = await findInteraction(provider, request, reply);
      if (!details) return notFound(reply);
      if (details.prompt.name === 'login') {
        return reply
          .type('text/html')
          .send(renderDevSignInPage({ action: `${INTERACTION}/${details.uid}/login` }));
      }
      // Any other prompt (consent) is granted automatically.
      return finish(reply, () =>
        provider.interactionResult(request.raw, reply.raw, {}, { mergeWithLastSubmission: true }),
      );
    });

    scope.post<{ Params: { uid: string } }>(`${INTERACTION}/:uid/login`, async (request, reply) => {
      const { provider } = await providerInUse();
      if (!(await findInteraction(provider, request, reply))) return notFound(reply);
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const name = (form.name ?? '').trim();
      const email = (form.email ?? '').trim().toLowerCase();
      const problem = !name
        ? 'Name is required'
        : name.length > 255
          ? 'Name is too long'
          : !EMAIL_PATTERN.test(email) || email.length > 255
            ? 'A valid email is required'
            : null;
      if (problem) {
        const action = `${INTERACTION}/${encodeURIComponent(request.params.uid)}/login`;
        return reply
          .status(400)
          .type('text/html')
          .send(renderDevSignInPage({ action, name, email, error: problem }));
      }
      const accountId = `dev-${createHash('sha256').update(email).digest('hex').slice(0, 32)}`;
      await accounts.upsert(accountId, { email, name } satisfies DevAccount, SESSION_TTL_SECONDS);
      return finish(reply, () =>
        provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId } },
          { mergeWithLastSubmission: false },
        ),
      );
    });

    // The provider's own address (the start prints it) says where sign-in starts, instead of 404.
    for (const url of [MOUNT, `${MOUNT}/`])
      scope.get(url, async (_request, reply) => {
        setSecurityHeaders(reply);
        return reply.type('text/html').send(renderDevProviderPage(`${config.publicUrl}/#/login`));
      });

    // Everything else (discovery, authorize, token, jwks, userinfo) is the provider's own.
    scope.all(`${MOUNT}/*`, async (request, reply) => {
      const { handle } = await providerInUse();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(MOUNT.length) || '/';
      setSecurityHeaders(reply);
      reply.hijack();
      await handle(raw, reply.raw);
    });
  });
}

/**
 * The interaction this browser's cookie names, when it is the one in the URL; null when it is
 * unknown, expired or another one (oidc-provider throws SessionNotFound for those).
 */
async function findInteraction(
  provider: Provider,
  request: FastifyRequest<{ Params: { uid: string } }>,
  reply: FastifyReply,
): Promise<Interaction | null> {
  try {
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    return interaction.uid === request.params.uid ? interaction : null;
  } catch (error) {
    if (error instanceof Error && error.name === 'SessionNotFound') return null;
    throw error;
  }
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .type('text/html')
    .send(
      '<!doctype html><title>Sign-in not found</title><h1>Sign-in not found</h1>' +
        '<p>This sign-in has expired or does not exist. Start again from Dockhand.</p>',
    );
}

/** Records the interaction's result, then sends the browser back to the provider with a 303. */
async function finish(reply: FastifyReply, result: () => Promise<string>): Promise<FastifyReply> {
  const returnTo = await result();
  setSecurityHeaders(reply);
  return reply.status(303).header('location', returnTo).send();
}

function setSecurityHeaders(reply: FastifyReply): void {
  reply.raw.setHeader('X-Content-Type-Options', 'nosniff');
  reply.raw.setHeader('X-Frame-Options', 'DENY');
  reply.raw.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
}

async function createProvider(
  config: Config,
  db: Kysely<Database>,
  storage: (model: string) => Adapter,
): Promise<Provider> {
  // Generated once and shared: a token signed on one replica is checked on another.
  const signingKey = JSON.parse(
    await loadOrCreateSecret(db, 'dev_idp_signing_key', async () => {
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'dev-idp', alg: 'RS256', use: 'sig' };
      return JSON.stringify(jwk);
    }),
  ) as JWK;
  const cookieKey = await loadOrCreateSecret(db, 'dev_idp_cookie_key');
  const accounts = storage(ACCOUNT_MODEL);
  // Loaded on demand: production (where this provider is refused) never pays for it.
  const { default: OidcProvider } = await import('oidc-provider');
  const provider = new OidcProvider(config.auth.issuer, {
    clients: [
      {
        client_id: config.auth.clientId,
        client_secret: config.auth.clientSecret,
        redirect_uris: [`${config.publicUrl}/auth/google/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    adapter: storage,
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Session: SESSION_TTL_SECONDS,
      Grant: 3600,
    },
    pkce: { methods: ['S256'], required: () => true },
    features: { devInteractions: { enabled: false } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Put email and name in the ID token itself: the relying party reads them from there.
    conformIdTokenClaims: false,
    jwks: { keys: [signingKey] },
    cookies: { keys: [cookieKey] },
    interactions: { url: (_ctx, interaction) => `${INTERACTION}/${interaction.uid}` },
    async findAccount(_ctx, accountId) {
      const account = (await accounts.find(accountId)) as DevAccount | undefined;
      if (!account) return undefined;
      return {
        accountId,
        claims: async () => ({
          sub: accountId,
          email: account.email,
          email_verified: true,
          name: account.name,
        }),
      };
    },
    // Automatic consent: the only client is Dockhand itself.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Sign-in error</title><h1>Sign-in error</h1><p>${String(
        out.error ?? 'error',
      ).replace(/[^\w .-]/g, '')}</p>`;
    },
  });
  return provider;
}
