// Writes `.gz` and `.br` siblings of the emitted JavaScript, CSS and JSON at build time, so the
// server sends compressed files (Content-Encoding) without compressing on every request.
const zlib = require('node:zlib');
const { promisify } = require('node:util');

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const COMPRESSIBLE = /\.(js|css|json)$/;
/** Below this a compressed body saves less than its extra headers and a decoder's start cost. */
const MIN_BYTES = 1024;

class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After minification and the real content hashes: compress the final bytes.
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          const jobs = Object.keys(assets)
            .filter((name) => COMPRESSIBLE.test(name))
            .map(async (name) => {
              const source = compilation.getAsset(name).source.buffer();
              if (source.length < MIN_BYTES) return;
              const [gzipped, brotlied] = await Promise.all([
                gzip(source, { level: 9 }),
                brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
              ]);
              compilation.emitAsset(`${name}.gz`, new sources.RawSource(gzipped));
              compilation.emitAsset(`${name}.br`, new sources.RawSource(brotlied));
            });
          await Promise.all(jobs);
        },
      );
    });
  }
}

module.exports = { PrecompressPlugin };
