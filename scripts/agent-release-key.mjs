#!/usr/bin/env node
// Makes an Ed25519 agent release key pair:
//   node scripts/agent-release-key.mjs [--dir DIR] [--if-missing]
// writes DIR/release-key.pem (private, 0600: signs releases, keep it offline in production) and
// DIR/release-key.pub.pem (what the server hands to install.sh for pinning). DIR defaults to
// {DATA_DIR or .data}/release-key, the development location start.sh and the e2e use.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { dir: { type: 'string' }, 'if-missing': { type: 'boolean' } } });
const dir = path.resolve(
  values.dir ?? path.join(process.env.DATA_DIR ?? path.join(repoRoot, '.data'), 'release-key'),
);
const privateFile = path.join(dir, 'release-key.pem');
const publicFile = path.join(dir, 'release-key.pub.pem');

if (existsSync(privateFile) || existsSync(publicFile)) {
  if (values['if-missing']) process.exit(0);
  console.error(`agent-release-key: ${dir} already holds a release key; move it away first`);
  process.exit(1);
}
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
mkdirSync(dir, { recursive: true, mode: 0o700 });
writeFileSync(privateFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
writeFileSync(publicFile, publicKey.export({ type: 'spki', format: 'pem' }), { mode: 0o644 });
console.log(`agent-release-key: new release key in ${dir}`);
