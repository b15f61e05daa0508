/** The HTML shell's billboard image (server/shell/skeleton.ts). */
const billboardSelector = '#app-skeleton .sk-billboard img';
/** A billboard file that is slow to come holds the app back no longer than this. */
export const billboardWaitMs = 2_000;

/**
 * Resolves once the page has painted a frame and the skeleton's billboard image, if there is one,
 * has arrived or failed. A page opened in the background paints nothing until shown: it goes on at once.
 */
export async function afterShellPaint(doc: Document): Promise<void> {
  if (doc.visibilityState === 'hidden') return;
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const billboard = doc.querySelector<HTMLImageElement>(billboardSelector);
  if (!billboard || billboard.complete) return;
  await new Promise<void>((resolve) => {
    billboard.addEventListener('load', () => resolve(), { once: true });
    billboard.addEventListener('error', () => resolve(), { once: true });
    setTimeout(resolve, billboardWaitMs);
  });
}
