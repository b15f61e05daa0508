/**
 * Brings a code just claimed into view: the claim button may sit in the floating bar at the
 * bottom, far from the code rows. Used as a ref callback, so it runs once when the code appears.
 */
export function showClaimedCode(element: HTMLElement | null): void {
  if (!element) return;
  const reduceMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView?.({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
}
