/**
 * `npm run dev`: the API with restart on change (tsx watch) beside Vite's dev server with hot
 * reload. Vite serves the app on PORT (default 8080) and proxies the API paths to API_PORT.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const port = process.env.PORT ?? '8080';
const apiPort = process.env.API_PORT ?? '8081';

const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/index.ts'], {
    stdio: 'inherit',
    // Development pages on (loopback clients only; Vite forwards the browser's address, so it is the trusted proxy) unless
    // DEV_TOOLS says otherwise; links in mail go to Vite's port, where the app is.
    env: {
      ...process.env,
      PORT: apiPort,
      HOST: '127.0.0.1',
      KLUBB_NO_CLIENT: '1',
      DEV_TOOLS: process.env.DEV_TOOLS ?? 'true',
      TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback',
      APP_PORT: process.env.APP_PORT ?? port,
    },
  }),
  spawn('npx', ['vite', '--port', port, '--strictPort', '--host'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stopAll = (code: number) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
