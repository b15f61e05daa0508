import { createBrowserHistory, type RouterHistory } from '@tanstack/react-router';

/**
 * TanStack's browser history wraps window.history while it lives, so it must exist only while
 * the auth screens show (the navigator owns history otherwise). Destroying is deferred a tick,
 * so React's StrictMode unmount-and-remount keeps the same history.
 */
let shared: RouterHistory | null = null;
let users = 0;
let pendingDestroy: ReturnType<typeof setTimeout> | undefined;

export function authHistory(): RouterHistory {
  shared ??= createBrowserHistory();
  return shared;
}

export function retainAuthHistory(): () => void {
  clearTimeout(pendingDestroy);
  users += 1;
  return () => {
    users -= 1;
    if (users > 0) return;
    pendingDestroy = setTimeout(() => {
      if (users > 0) return;
      shared?.destroy();
      shared = null;
    }, 0);
  };
}
