// Bundles the agent into one ESM file (dist/dockhand-agent.mjs) that a plain Node runtime runs
// with no node_modules: what /install.sh downloads and what agent releases publish. The version is
// baked in from package.json (or --version) and recorded beside the bundle in `{bundle}.json`.
//   node agent/scripts/bundle.mjs [--version X] [--outfile FILE]
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { version: { type: 'string' }, outfile: { type: 'string' } } });
const version =
  values.version ?? JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
const outfile = path.resolve(
  values.outfile ?? new URL('../dist/dockhand-agent.mjs', import.meta.url).pathname,
);
mkdirSync(path.dirname(outfile), { recursive: true });
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
};
/**
 * Packages the agent imports with `import()` and only for work it is given (yaml: deploys), kept
 * out of the bundle's one script: Node parses that script whole at start, and parsed code stays in
 * memory (yaml's 115 KB cost an idle agent about 1 MB). Each is carried as a `data:` URL module
 * instead, still inside the one file, and parsed at its first import.
 */
const LOADED_ON_USE = new Set(['yaml']);
const loadedOnUse = {
  name: 'loaded-on-use',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[\w@][\w@/.-]*$/ }, async ({ path: name, kind, resolveDir }) => {
      if (kind !== 'dynamic-import' || !LOADED_ON_USE.has(name)) return undefined;
      // The package is CommonJS (as Node resolves it), so its export names are spelled out.
      const names = Object.keys(createRequire(path.join(resolveDir, 'index.js'))(name));
      const { outputFiles } = await build({
        ...common,
        stdin: {
          contents: `import * as m from ${JSON.stringify(name)}; export const { ${names.join(', ')} } = m;`,
          resolveDir,
        },
        // A data: module has no file to resolve from; what is left to require is Node's own modules.
        banner: { js: "import { createRequire } from 'node:module'; const require = createRequire('/');" },
        write: false,
      });
      const code = Buffer.from(outputFiles[0].contents).toString('base64');
      return { path: `data:text/javascript;base64,${code}`, external: true };
    });
  },
};
await build({
  ...common,
  entryPoints: [new URL('../src/main.ts', import.meta.url).pathname],
  plugins: [loadedOnUse],
  outfile,
  define: { __DOCKHAND_AGENT_VERSION__: JSON.stringify(version) },
  // ws is CommonJS; give it a `require` inside the ES module.
  banner: {
    js: "import { createRequire as __dhCreateRequire } from 'node:module'; const require = __dhCreateRequire(import.meta.url);",
  },
});
// The launcher supervises the bundle and rolls updates back; install.sh installs it once, from
// beside the bundle (the server serves both from the bundle's folder).
await build({
  ...common,
  entryPoints: [new URL('../src/launcher/main.ts', import.meta.url).pathname],
  outfile: path.join(path.dirname(outfile), 'dockhand-agent-launcher.mjs'),
});
writeFileSync(`${outfile}.json`, `${JSON.stringify({ version }, null, 2)}\n`);
console.log(`agent bundle ${version} written to ${path.relative(process.cwd(), outfile)}`);
