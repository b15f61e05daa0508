import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(js|css|html|svg|json)$/;

/**
 * Writes .br and .gz beside every text asset of the build, so the server sends them
 * compressed (fastify-static `preCompressed`) without compressing on each request.
 */
export function precompress(): Plugin {
  return {
    name: 'klubb-precompress',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir ?? 'dist';
      for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
        if (!compressible.test(file)) continue;
        const path = join(dir, file);
        const content = readFileSync(path);
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}
