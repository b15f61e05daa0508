/** The HTML shell's billboard image (server/shell/skeleton.ts). */
const billboardSelector = '#app-skeleton .sk-billboard img';
/** A billboard file that is slow to come holds the app back no longer than this. */
export const billboardWaitMs = 2_000;

/** After the next frame has been painted. */
const afterNextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Resolves once the page has painted a frame and the skeleton's billboard image, if there is one,
 * has been painted or failed. A page opened in the background paints nothing until shown: it goes on at once.
 */
export async function afterShellPaint(doc: Document): Promise<void> {
  if (doc.visibilityState === 'hidden') return;
  await afterNextFrame();
  const billboard = doc.querySelector<HTMLImageElement>(billboardSelector);
  if (!billboard) return;
  // The whole wait (arrival, decoding, the frame after it) is bounded: a page hidden meanwhile paints no frame.
  const givenUp = new Promise<void>((resolve) => setTimeout(resolve, billboardWaitMs));
  await Promise.race([givenUp, billboardPainted(billboard)]);
}

async function billboardPainted(billboard: HTMLImageElement): Promise<void> {
  if (!billboard.complete) {
    await new Promise<void>((resolve) => {
      billboard.addEventListener('load', () => resolve(), { once: true });
      billboard.addEventListener('error', () => resolve(), { once: true });
    });
  }
  // Arrived is not painted: the file is decoded off the main thread and drawn in a frame after that.
  // Evaluating the app then would be a long task holding that frame back (Lighthouse's LCP render delay).
  if (billboard.complete && billboard.naturalWidth > 0 && typeof billboard.decode === 'function') {
    await billboard.decode().catch(() => undefined);
    await afterNextFrame();
  }
}

/** The HTML shell's template of the start's preloads it held back on a page with a billboard (server/shell/renderShell.ts). */
const heldPreloadsSelector = 'template#start-preloads';

/**
 * Puts the start's `modulepreload` links the shell held back into the head, so the start's chunks
 * are fetched together (the entry's own preload would fetch the second only once the first ran).
 */
export function releaseStartPreloads(doc: Document): void {
  const held = doc.querySelector<HTMLTemplateElement>(heldPreloadsSelector);
  if (!held) return;
  doc.head.append(held.content.cloneNode(true));
  held.remove();
}
