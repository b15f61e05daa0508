import type { HistoryEffect, SavedNavigation, StartLocation } from '../../machines/navigator.rules.ts';
import type { NavigatorEvent } from '../../machines/navigator.machine.ts';
import type { AuthScreen } from '../../machines/app.rules.ts';

/** Our page key and entry position inside each history entry's state. */
const stateKey = 'klubbKey';
const stateIndex = 'klubbIndex';
/** The navigator's stacks, kept for a reload of this browser tab. */
const savedNavigationKey = 'klubb.navigation';
/** The path a signed-out visitor asked for, restored after sign-in (spec 2.5). */
const wantedPathKey = 'klubb.wantedPath';

export function applyHistoryEffect(effect: HistoryEffect): void {
  switch (effect.type) {
    case 'push':
      window.history.pushState({ [stateKey]: effect.key, [stateIndex]: effect.index }, '', effect.path);
      break;
    case 'replace':
      window.history.replaceState({ [stateKey]: effect.key, [stateIndex]: effect.index }, '', effect.path);
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
    const { key, index } = entryState(event.state);
    send({ type: 'nav.popstate', path: window.location.pathname + window.location.search, key, index });
  };
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}

function entryState(state: unknown): { key: string | null; index: number | null } {
  const fields = (state ?? {}) as Record<string, unknown>;
  const key = fields[stateKey];
  const index = fields[stateIndex];
  return { key: typeof key === 'string' ? key : null, index: typeof index === 'number' ? index : null };
}

/** Where the navigator starts: the page a visitor signed in from, or the saved wanted path after sign-in, else the address bar. */
export function startLocation(returnPath: string | null = null): StartLocation {
  const wanted = returnPath ?? sessionStorage.getItem(wantedPathKey);
  sessionStorage.removeItem(wantedPathKey);
  const goingToWanted = Boolean(wanted) && window.location.pathname === '/';
  const { key, index } = entryState(window.history.state);
  return {
    path: goingToWanted ? wanted! : window.location.pathname + window.location.search,
    restored: key !== null && index !== null && !goingToWanted ? { key, index } : null,
    saved: goingToWanted ? null : readSavedNavigation(),
    keyPrefix: `${Math.random().toString(36).slice(2, 8)}-`,
  };
}

function readSavedNavigation(): SavedNavigation | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(savedNavigationKey) ?? 'null') as SavedNavigation | null;
    return saved && typeof saved.stacks === 'object' && Array.isArray(saved.entries) ? saved : null;
  } catch {
    return null;
  }
}

export function saveNavigation(saved: SavedNavigation): void {
  sessionStorage.setItem(savedNavigationKey, JSON.stringify(saved));
}

export function saveWantedPath(path: string): void {
  if (path !== '/') sessionStorage.setItem(wantedPathKey, path);
}

/** The auth screens' own addresses (spec 2.5); sign-in itself is '/' in the auth routes. */
const authScreenPaths: Record<AuthScreen, string> = { createAccount: '/createaccount', forgotPassword: '/forgotpassword' };

export function isAuthScreenPath(pathname: string): boolean {
  return /^\/(createaccount(\/[^/]+)?|forgotpassword|password_reset\/[^/]+)\/?$/.test(pathname);
}

/** A visitor leaves the page they browse for an auth screen (a new history entry: back returns to the page). */
export function showAuthScreen(screen: AuthScreen): void {
  window.history.pushState(null, '', authScreenPaths[screen]);
}

/** Set-up has one page, '/' (spec 2.4); a path wanted before sign-in stays saved for after it. */
export function showSetUpRoot(): void {
  if (window.location.pathname !== '/') window.history.replaceState(null, '', '/');
}

/** After sign-out the address bar goes back to the root and nothing of the member's navigation is kept (spec 4). */
export function resetToRoot(): void {
  sessionStorage.removeItem(savedNavigationKey);
  sessionStorage.removeItem(wantedPathKey);
  window.history.replaceState(null, '', '/');
}
