import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const run = promisify(execFile);

/** A fresh Ed25519 release key pair in `dir` (scripts/agent-release-key.mjs). */
export async function makeReleaseKey(dir: string): Promise<{ privateKey: string; publicKey: string }> {
  await run(process.execPath, [path.join(repoRoot, 'scripts', 'agent-release-key.mjs'), '--dir', dir]);
  return { privateKey: path.join(dir, 'release-key.pem'), publicKey: path.join(dir, 'release-key.pub.pem') };
}

/** Bundles the agent's current source as `version` into `outfile` (plus its `.json` build record). */
export async function bundleAgent(version: string, outfile: string): Promise<string> {
  await run(process.execPath, [
    path.join(repoRoot, 'agent', 'scripts', 'bundle.mjs'),
    '--version',
    version,
    '--outfile',
    outfile,
  ]);
  return outfile;
}

/** Writes an arbitrary program as a "build" of `version` (for bundles that crash or hang). */
export async function fakeBuild(version: string, outfile: string, source: string): Promise<string> {
  await mkdir(path.dirname(outfile), { recursive: true });
  await writeFile(outfile, source);
  await writeFile(`${outfile}.json`, JSON.stringify({ version }));
  return outfile;
}

/** Runs `pnpm release:agent` (scripts/publish-agent-release.mjs) into `releasesDir`. */
export async function publishRelease(
  releasesDir: string,
  bundle: string,
  key: string,
  extra: string[] = [],
): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [path.join(repoRoot, 'scripts', 'publish-agent-release.mjs'), '--bundle', bundle, '--key', key, ...extra],
    { env: { ...process.env, AGENT_RELEASES_DIR: releasesDir } },
  );
  return stdout;
}
