/**
 * `npm run build:server` (part of `npm run build`): compiles the server and the operator commands
 * to JavaScript in dist-server/ (tsconfig.server.json) and copies beside them the files they read
 * relative to themselves, so `node dist-server/server/index.js` runs without tsx or any dev tool.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist-server');
/** Read at run time through `new URL(…, import.meta.url)`: migrations, served media, the booking widget's stylesheet. */
const runtimeFiles = ['server/db/migrations', 'server/media', 'server/booking/booking.css'];

rmSync(out, { recursive: true, force: true });
const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.server.json')], { stdio: 'inherit' });
if (tsc.status !== 0) {
  console.error('The server did not compile (above); dist-server/ is incomplete.');
  process.exit(tsc.status ?? 1);
}
for (const path of runtimeFiles) cpSync(join(root, path), join(out, path), { recursive: true });
console.log(`dist-server/: the server compiled, with ${runtimeFiles.join(', ')}`);
