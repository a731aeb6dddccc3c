#!/usr/bin/env node
// Publishes one agent release into the server's release store:
//   pnpm release:agent --name "v1.1.0" [--beta] [--message TEXT] [--notes-url URL]
//                      [--bundle FILE] [--key PRIVATE.pem]
// The bundle (default agent/dist/dockhand-agent.mjs from `pnpm --filter agent build`) carries its
// version in `{bundle}.json` (written by agent/scripts/bundle.mjs). The script hashes the bundle,
// signs the release statement with the Ed25519 release key (default
// {DATA_DIR or .data}/release-key/release-key.pem) and writes
// {AGENT_RELEASES_DIR or RELEASES_DIR/agent}/{version}/{dockhand-agent.mjs,release.json}
// atomically. A published version is never replaced. In production, run this on the machine that
// holds the key and copy the version folder to the server (README, 'Agent releases').
import { createHash, createPrivateKey, sign } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VERSION = /^v?\d+(\.\d+){0,3}(-[0-9A-Za-z][0-9A-Za-z.-]*)?$/i;

class PublishError extends Error {}

/** The bytes the release key signs have one home, contract (built with the agent bundle). */
async function loadReleaseStatement() {
  try {
    return (await import('../contract/dist/protocol/agent-releases.js')).releaseStatement;
  } catch {
    throw new PublishError('contract/dist is missing: run pnpm --filter contract build (pnpm build does)');
  }
}

async function publish(options) {
  const bundle = path.resolve(options.bundle ?? path.join(repoRoot, 'agent', 'dist', 'dockhand-agent.mjs'));
  if (!existsSync(bundle))
    throw new PublishError(`${bundle} is missing: run pnpm --filter agent build first`);
  const buildFile = `${bundle}.json`;
  if (!existsSync(buildFile))
    throw new PublishError(`${buildFile} is missing: bundle with agent/scripts/bundle.mjs`);
  const { version } = JSON.parse(readFileSync(buildFile, 'utf8'));
  if (typeof version !== 'string' || !VERSION.test(version))
    throw new PublishError(`${buildFile} names no valid version`);
  if (options['notes-url'] && !/^https?:\/\//.test(options['notes-url']))
    throw new PublishError('--notes-url must be an http(s) URL');

  const keyFile = path.resolve(
    options.key ??
      process.env.DOCKHAND_RELEASE_KEY ??
      path.join(process.env.DATA_DIR ?? path.join(repoRoot, '.data'), 'release-key', 'release-key.pem'),
  );
  if (!existsSync(keyFile))
    throw new PublishError(`no release key at ${keyFile} (make one with node scripts/agent-release-key.mjs)`);
  const key = createPrivateKey(readFileSync(keyFile));
  if (key.asymmetricKeyType !== 'ed25519') throw new PublishError(`${keyFile} is not an Ed25519 private key`);

  const storeDir = path.resolve(
    process.env.AGENT_RELEASES_DIR ??
      path.join(process.env.RELEASES_DIR ?? path.join(repoRoot, 'releases'), 'agent'),
  );
  const target = path.join(storeDir, version);
  if (existsSync(target))
    throw new PublishError(`agent ${version} is already published; releases are immutable`);

  const bytes = readFileSync(bundle);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const releaseStatement = await loadReleaseStatement();
  const signature = sign(null, Buffer.from(releaseStatement(version, sha256), 'utf8'), key).toString(
    'base64',
  );
  const release = {
    version,
    name: options.name ?? `v${version}`,
    is_beta: Boolean(options.beta),
    message: options.message ?? '',
    notes_url: options['notes-url'] ?? '',
    sha256,
    signature,
    published_at: new Date().toISOString(),
  };
  // Staged under a name the server never lists, then renamed into place.
  const staging = path.join(storeDir, `.staging-${version}-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  copyFileSync(bundle, path.join(staging, 'dockhand-agent.mjs'));
  writeFileSync(path.join(staging, 'release.json'), `${JSON.stringify(release, null, 2)}\n`);
  renameSync(staging, target);
  console.log(
    `publish-agent-release: agent ${version} (${release.name}${release.is_beta ? ', beta' : ''}) published to ${target}`,
  );
}

try {
  const { values } = parseArgs({
    options: {
      bundle: { type: 'string' },
      key: { type: 'string' },
      name: { type: 'string' },
      beta: { type: 'boolean' },
      message: { type: 'string' },
      'notes-url': { type: 'string' },
    },
  });
  await publish(values);
} catch (error) {
  if (error instanceof PublishError || error?.code?.startsWith?.('ERR_PARSE_ARGS')) {
    console.error(`publish-agent-release: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
