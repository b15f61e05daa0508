/** The HTML shell's skeleton of the brand's frame (server/shell/skeleton.ts). */
const skeletonId = 'app-skeleton';

/**
 * Keeps the skeleton over the app while the app shows only a loading spinner (boot, the lazy
 * screens, the first feed page), and takes it away once the app shows a screen: it is a fixed
 * layer, so taking it away moves nothing (no layout shift). Returns the way to stop watching.
 */
export function releaseSkeletonOnFirstScreen(doc: Document): () => void {
  const skeleton = doc.getElementById(skeletonId);
  const root = doc.getElementById('root');
  if (!skeleton || !root) return () => {};
  const showsScreen = () => root.childElementCount > 0 && root.querySelector('[data-fullscreen]') === null;
  const observer = new MutationObserver(() => {
    if (!showsScreen()) return;
    observer.disconnect();
    skeleton.remove();
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
