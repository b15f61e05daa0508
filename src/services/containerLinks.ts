import { containerHref, isBankIdLink } from '../components/externalLink.ts';
import type { ContainerType } from '../domain/deviceProfile.ts';

/**
 * Inside a native container, a click on an outside link (one that would open a new window, or a
 * bank-identity link on iOS) opens the link `containerHref` gives in place, for the container to
 * hand on (spec 9). In a plain browser nothing is installed: links open in a new window as before.
 */
export function followContainerLinks(win: Window, containerType: ContainerType): () => void {
  if (containerType !== 'ios-wv' && containerType !== 'android-wv') return () => {};
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    const target = event.target as Node | null;
    const element = target?.nodeType === 1 ? (target as Element) : (target?.parentElement ?? null);
    const link = element?.closest<HTMLAnchorElement>('a[href]') ?? null;
    if (!link) return;
    const opensOutside = link.target === '_blank' || (containerType === 'ios-wv' && isBankIdLink(link.href));
    const href = opensOutside ? containerHref(link.href, containerType) : null;
    if (!href) return;
    event.preventDefault();
    // In place, for the container's navigation handler to take (window.open, not location: a test's container can watch it).
    win.open(href, '_self');
  };
  win.document.addEventListener('click', onClick);
  return () => win.document.removeEventListener('click', onClick);
}
