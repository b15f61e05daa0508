import type { ConnectionEvent } from '../../machines/connection.machine.ts';

/**
 * The browser's online and offline events as the connection machine's events; a browser that
 * starts offline is told at once. Returns the unsubscribe.
 */
export function observeConnection(win: Window, send: (event: ConnectionEvent) => void): () => void {
  const lost = () => send({ type: 'connection.lost' });
  const restored = () => send({ type: 'connection.restored' });
  if (!win.navigator.onLine) lost();
  win.addEventListener('offline', lost);
  win.addEventListener('online', restored);
  return () => {
    win.removeEventListener('offline', lost);
    win.removeEventListener('online', restored);
  };
}

/** Calls `then` each time the browser is back online. Returns the unsubscribe. */
export function whenBackOnline(win: Window, then: () => void): () => void {
  win.addEventListener('online', then);
  return () => win.removeEventListener('online', then);
}
