/**
 * `npm run build:server` (part of `npm run build`): compiles the server and the operator commands
 * to JavaScript in dist-server/ (tsconfig.server.json) and copies beside them the files they read
 * at run time, so `node dist-server/server/index.js` runs without tsx or any dev tool. The server's
 * entry is then bundled into that one file with its dependencies (rolldown): Node's module loader
 * was most of the start time. What it imports only when needed (`import()`) goes to chunk files
 * beside it, not read at start. PGlite (its wasm beside it) and firebase-admin (loaded only when
 * chosen) stay in node_modules. `tsx scripts/buildServer.ts DIR` builds into DIR instead (the
 * production-start test does).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { build } from 'rolldown';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const out = process.argv[2] ? resolve(process.argv[2]) : join(root, 'dist-server');
/** Read at run time through `new URL(…, import.meta.url)`: migrations, served media, the booking widget's stylesheet. */
const runtimeFiles = ['server/db/migrations', 'server/media', 'server/booking/booking.css'];

if (out === root || root.startsWith(`${out}/`)) throw new Error(`Refusing to build into ${out}: it holds the repository.`);
rmSync(out, { recursive: true, force: true });
const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.server.json'), '--outDir', out], { stdio: 'inherit' });
if (tsc.status !== 0) {
  console.error(`The server did not compile (above); ${out} is incomplete.`);
  process.exit(tsc.status ?? 1);
}
for (const path of runtimeFiles) cpSync(join(root, path), join(out, path), { recursive: true });

const entry = join(out, 'server/index.js');
// Written over the entry it was read from (with its source map).
await build({
  input: entry,
  platform: 'node',
  // Packages that read files beside themselves or are loaded only when configured; `pg-native` is pg's optional binding.
  external: [/^@electric-sql\/pglite/, /^firebase-admin/, /^pg-native$/, /^node:/],
  logLevel: 'warn',
  // Chunks (nodemailer, PGlite's driver, the payments stand-in, …) lie beside the entry, so import.meta.url names the same folder in each.
  output: { dir: join(out, 'server'), entryFileNames: 'index.js', chunkFileNames: 'chunk-[name]-[hash].js', format: 'esm', sourcemap: true },
});
console.log(`${out}: the server compiled (its entry bundled), with ${runtimeFiles.join(', ')}`);
