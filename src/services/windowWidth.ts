import type { LayoutEvent } from '../../machines/layout.machine.ts';

/** A media query's changes as the layout machine's events (wide: it matches now). Returns the unsubscribe. */
export function observeWindowWidth(win: Window, query: string, send: (event: LayoutEvent) => void): () => void {
  const list = win.matchMedia(query);
  const changed = (change: MediaQueryListEvent) => send({ type: 'layout.windowChanged', wide: change.matches });
  list.addEventListener('change', changed);
  return () => list.removeEventListener('change', changed);
}
