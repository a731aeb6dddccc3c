// Writes preload.json: per route of the host, every script (and stylesheet) its first paint needs: the entry
// (main.[hash].js) first, then the lazy route chunks and the shared libraries they consume, found in the
// chunk graph. The server sends these as `Link: rel=preload` headers with the page, so the browser
// fetches them beside the entry instead of after the Module Federation runtime has started. The
// entry leads because HTTP/1.1 allows six connections per origin and everything waits for it.

const PLUGIN = 'PreloadManifestPlugin';

class PreloadManifestPlugin {
  /**
   * @param {{ filename?: string, routes: Record<string, string[]> }} options
   *   routes: per route name, the requests of the dynamic imports its first paint waits for
   *   (as written in the source, e.g. './pages/LoginPage').
   */
  constructor(options) {
    this.filename = options.filename ?? 'preload.json';
    this.routes = options.routes;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const manifest = {};
          for (const [route, requests] of Object.entries(this.routes)) {
            manifest[route] = this.scriptsFor(compilation, requests);
          }
          compilation.emitAsset(
            this.filename,
            new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`),
          );
        },
      );
    });
  }

  scriptsFor(compilation, requests) {
    const { chunkGraph } = compilation;
    const groupsByRequest = new Map();
    const providerGroups = new Map(); // share key -> chunk group of the provided module
    for (const group of compilation.chunkGroups) {
      for (const origin of group.origins) {
        if (origin.request)
          groupsByRequest.set(origin.request, [...(groupsByRequest.get(origin.request) ?? []), group]);
        if (origin.module?.constructor.name === 'ProvideSharedModule')
          providerGroups.set(origin.module._name, group);
      }
    }
    const entries = [...compilation.entrypoints.values()].flatMap((entry) => [...entry.chunks]);
    const chunks = new Set();
    const pending = [];
    const addGroup = (group) => {
      for (const chunk of group.chunks) {
        if (chunks.has(chunk) || entries.includes(chunk)) continue;
        chunks.add(chunk);
        pending.push(chunk);
      }
    };
    for (const request of requests) {
      const groups = groupsByRequest.get(request);
      if (!groups) throw new Error(`${PLUGIN}: no dynamic import of '${request}' in the build`);
      groups.forEach(addGroup);
    }
    // A chunk that consumes a shared library needs that library's chunks, and so on.
    while (pending.length) {
      for (const module of chunkGraph.getChunkModulesIterable(pending.pop())) {
        if (module.constructor.name !== 'ConsumeSharedModule') continue;
        const provider = providerGroups.get(module.options.shareKey);
        if (provider) addGroup(provider);
      }
    }
    const scripts = (list) =>
      list.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
    // Stylesheets the route's modules import (emitted as assets of their chunks) come last: they
    // are needed at the first render, after the scripts.
    const styles = [...chunks].flatMap((chunk) =>
      [...chunk.auxiliaryFiles].filter((file) => file.endsWith('.css')),
    );
    return [...scripts(entries), ...scripts([...chunks]).sort(), ...styles.sort()];
  }
}

module.exports = { PreloadManifestPlugin };
