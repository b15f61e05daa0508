import type { MouseEvent } from 'react';

/** True for a plain primary click; modified clicks (new tab, new window, download) stay with the browser. */
export function isPlainLeftClick(event: MouseEvent<HTMLElement>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}

/** Click handler for an in-app link: a plain click runs `open` instead of the browser's navigation. */
export function onPlainClick(open: () => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainLeftClick(event)) return;
    event.preventDefault();
    open();
  };
}
