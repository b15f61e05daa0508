import type { LayoutEvent } from '../../machines/layout.machine.ts';

/**
 * A media query's changes as the layout machine's events (wide: it matches now). It tells the
 * width once at the start too: the window may have crossed the breakpoint since the layout was
 * chosen (the machine ignores a width that changes nothing). Returns the unsubscribe.
 */
export function observeWindowWidth(win: Window, query: string, send: (event: LayoutEvent) => void): () => void {
  const list = win.matchMedia(query);
  const changed = (change: Pick<MediaQueryListEvent, 'matches'>) => send({ type: 'layout.windowChanged', wide: change.matches });
  list.addEventListener('change', changed);
  changed(list);
  return () => list.removeEventListener('change', changed);
}
