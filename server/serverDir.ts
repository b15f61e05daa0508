import { fileURLToPath } from 'node:url';

/**
 * The server's own folder (server/, or dist-server/server/ compiled), where the files it reads
 * at run time lie (migrations, media, the booking widget's stylesheet). Taken from this module,
 * which sits in that folder: bundled into dist-server/server/index.js it names the same folder.
 */
export const serverDir = fileURLToPath(new URL('.', import.meta.url));
