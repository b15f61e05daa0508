import type { HistoryEffect } from '../../machines/navigator.rules.ts';
import type { NavigatorEvent } from '../../machines/navigator.machine.ts';

/** Our page key inside each history entry's state. */
const stateKey = 'klubbKey';
/** The path a signed-out visitor asked for, restored after sign-in (spec 2.5). */
const wantedPathKey = 'klubb.wantedPath';

export function applyHistoryEffect(effect: HistoryEffect): void {
  switch (effect.type) {
    case 'push':
      window.history.pushState({ [stateKey]: effect.key }, '', effect.path);
      break;
    case 'replace':
      window.history.replaceState({ [stateKey]: effect.key }, '', effect.path);
      break;
    case 'back':
      window.history.back();
      break;
    case 'go':
      window.history.go(effect.delta);
      break;
  }
}

/** Calls back on the browser's back and forward; returns the unsubscribe. */
export function observePopstate(send: (event: NavigatorEvent) => void): () => void {
  const listener = (event: PopStateEvent) => {
    const key = (event.state as Record<string, unknown> | null)?.[stateKey];
    send({ type: 'nav.popstate', path: window.location.pathname, key: typeof key === 'string' ? key : null });
  };
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}

/** Where the navigator starts: the saved wanted path after sign-in, else the address bar. */
export function startLocation() {
  const wanted = sessionStorage.getItem(wantedPathKey);
  sessionStorage.removeItem(wantedPathKey);
  const key = (window.history.state as Record<string, unknown> | null)?.[stateKey];
  const atRoot = window.location.pathname === '/';
  return {
    path: wanted && atRoot ? wanted : window.location.pathname,
    restoredKey: typeof key === 'string' && !(wanted && atRoot) ? key : null,
    keyPrefix: `${Math.random().toString(36).slice(2, 8)}-`,
  };
}

export function saveWantedPath(path: string): void {
  if (path !== '/') sessionStorage.setItem(wantedPathKey, path);
}

/** After sign-out the address bar goes back to the root (spec 4). */
export function resetToRoot(): void {
  window.history.replaceState(null, '', '/');
}
