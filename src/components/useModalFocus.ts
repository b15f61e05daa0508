import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';

const focusableSelector = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

function focusablesIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    // A focus sentinel (after a frame the trap cannot look into) hands focus on; it is not a stop.
    (el) => el.tabIndex >= 0 && !el.hasAttribute('data-focus-sentinel') && !el.closest('[hidden], [inert]'),
  );
}

/** Makes every other child of `body` inert (the app root, other portals); returns the undo. */
function makeRestInert(container: HTMLElement): () => void {
  let modalRoot = container;
  while (modalRoot.parentElement && modalRoot.parentElement !== document.body) modalRoot = modalRoot.parentElement;
  // Only elements we changed are restored, so a modal opened over another leaves the first one's inert alone.
  const changed = Array.from(document.body.children).filter(
    (el) => el !== modalRoot && !el.hasAttribute('inert'),
  );
  for (const el of changed) el.setAttribute('inert', '');
  return () => {
    for (const el of changed) el.removeAttribute('inert');
  };
}

/**
 * The WAI-ARIA modal dialog's focus rules for an element portalled to `body`: while `open`, the
 * rest of the page is inert, focus starts on the first focusable element inside (or the element
 * itself, give it `tabIndex={-1}`), Tab and Shift+Tab cycle inside and Escape calls `onClose`;
 * afterwards focus returns to where it was.
 */
export function useModalFocus<T extends HTMLElement>(open: boolean, onClose: () => void) {
  const ref = useRef<T>(null);

  useLayoutEffect(() => {
    const container = ref.current;
    if (!open || !container) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const restoreInert = makeRestInert(container);
    (focusablesIn(container)[0] ?? container).focus();
    return () => {
      restoreInert();
      if (previous?.isConnected) previous.focus();
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<T>) => {
    const container = ref.current;
    if (!container || event.defaultPrevented) return;
    if (event.key === 'Escape') {
      // Stop here so a modal rendered inside another (in React's tree) closes alone.
      event.stopPropagation();
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    event.stopPropagation();
    const items = focusablesIn(container);
    const first = items[0];
    const last = items.at(-1);
    const active = document.activeElement;
    if (!first || !last) {
      event.preventDefault();
      container.focus();
    } else if (event.shiftKey && (active === first || active === container)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return { ref, onKeyDown };
}
