#!/usr/bin/env node
// Publishes one version of one remote:
//   pnpm release <remote> --version X --percent N [--orgs a,b]
// builds only that remote (unless releases/<remote>/<X>/ already exists: a released version is
// never rebuilt), then updates releases/remotes.json. Rollback = the old version at --percent 100.
//   pnpm release --initial
// publishes each remote's current `dist/` (from `pnpm build`) as its package version, so a fresh
// checkout works; used by the root `pnpm build`. RELEASES_DIR overrides the releases folder.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { applyRelease, ReleaseError, REMOTES, validateRelease } from './release-manifest.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const releasesDir = path.resolve(process.env.RELEASES_DIR ?? path.join(repoRoot, 'releases'));
const manifestFile = path.join(releasesDir, 'remotes.json');

function readManifest() {
  return existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : { remotes: {} };
}

/** Write-then-rename: the server never serves a half-written manifest. */
function writeManifest(manifest) {
  mkdirSync(releasesDir, { recursive: true });
  const temporary = `${manifestFile}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(temporary, manifestFile);
}

function buildRemote(remote, version, outputDir) {
  console.log(`release: building ${remote} ${version}`);
  const result = spawnSync(
    'pnpm',
    [
      'exec',
      'webpack',
      '--mode',
      'production',
      '--env',
      `version=${version}`,
      '--env',
      `outputDir=${outputDir}`,
    ],
    {
      cwd: path.join(repoRoot, remote),
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new ReleaseError(`build of ${remote} ${version} failed`);
}

/** Copies a finished build into place atomically (staging folder, then rename). */
function publishFolder(remote, version, fill) {
  const target = path.join(releasesDir, remote, version);
  const staging = `${target}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(path.dirname(target), { recursive: true });
  fill(staging);
  if (!existsSync(path.join(staging, 'remoteEntry.js')))
    throw new ReleaseError(`${remote} ${version}: the build has no remoteEntry.js`);
  rmSync(target, { recursive: true, force: true });
  renameSync(staging, target);
}

function release({ remote, version, percent, orgs }) {
  validateRelease({ remote, version, percent, orgs });
  if (existsSync(path.join(releasesDir, remote, version, 'remoteEntry.js'))) {
    console.log(`release: ${remote} ${version} already built, updating the manifest only`);
  } else {
    publishFolder(remote, version, (staging) => buildRemote(remote, version, staging));
  }
  writeManifest(applyRelease(readManifest(), { remote, version, percent, orgs }));
  console.log(
    `release: ${remote} ${version} → ${percent === 100 ? 'everyone' : `${percent} %`}${orgs.length ? ` and orgs ${orgs.join(',')}` : ''}`,
  );
}

/** Publishes each remote's `dist/` as its package version; other released versions and rules stay. */
function releaseInitial() {
  let manifest = readManifest();
  for (const remote of REMOTES) {
    const dist = path.join(repoRoot, remote, 'dist');
    const { version } = JSON.parse(readFileSync(path.join(repoRoot, remote, 'package.json'), 'utf8'));
    if (!existsSync(path.join(dist, 'remoteEntry.js')))
      throw new ReleaseError(`${remote}/dist is missing: run pnpm build first`);
    publishFolder(remote, version, (staging) => cpSync(dist, staging, { recursive: true }));
    const known = manifest.remotes?.[remote];
    manifest = known?.versions?.[version]
      ? manifest
      : applyRelease(manifest, { remote, version, percent: 100, orgs: [] });
    console.log(`release: ${remote} ${version} published from dist`);
  }
  writeManifest(manifest);
}

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      version: { type: 'string' },
      percent: { type: 'string' },
      orgs: { type: 'string' },
      initial: { type: 'boolean' },
    },
  });
  if (values.initial) {
    releaseInitial();
  } else {
    const percent = values.percent === undefined ? Number.NaN : Number(values.percent);
    const orgs = (values.orgs ?? '')
      .split(',')
      .map((org) => org.trim())
      .filter(Boolean);
    release({ remote: positionals[0], version: values.version, percent, orgs });
  }
} catch (error) {
  if (error instanceof ReleaseError || error?.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    console.error(`release: ${error.message}`);
    console.error(
      'usage: pnpm release <remote> --version X --percent N [--orgs a,b]  |  pnpm release --initial',
    );
    process.exit(1);
  }
  throw error;
}
