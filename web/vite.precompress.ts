import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every script and stylesheet of
 * the browser build (`x.js.br`, `x.js.gz`). The server sends them as they are to browsers that
 * accept the coding, as nginx does with `gzip_static`/`brotli_static`: the strongest compression,
 * paid once at build time, never per request (on-the-fly brotli is fast and weak, larger than
 * gzip -9 on the shared chunk).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'laden-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const file = join(assets, name);
        const body = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}
