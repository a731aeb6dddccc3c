// Bundles the agent into one ESM file (dist/dockhand-agent.mjs) that a plain Node runtime runs
// with no node_modules: what /install.sh downloads. The version is baked in from package.json.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
await build({
  entryPoints: [new URL('../src/main.ts', import.meta.url).pathname],
  outfile: new URL('../dist/dockhand-agent.mjs', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  define: { __DOCKHAND_AGENT_VERSION__: JSON.stringify(version) },
  // ws and the x509 stack are CommonJS; give them a `require` inside the ES module.
  banner: {
    js: "import { createRequire as __dhCreateRequire } from 'node:module'; const require = __dhCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(`agent bundle ${version} written to dist/dockhand-agent.mjs`);
