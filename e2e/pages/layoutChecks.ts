import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Layout measured as a member sees it. Boxes come in CSS pixels with sub-pixel fractions
 * (400.00006), so every comparison allows one pixel, never an exact float.
 */
export const tolerance = 1;

type Box = { x: number; y: number; width: number; height: number };

export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `${locator} has a box`).not.toBeNull();
  return box!;
}

/** `upper` ends where `lower` starts or above it (within a pixel): nothing of it hides under `lower`. */
export async function expectAbove(upper: Locator, lower: Locator) {
  const [a, b] = [await boxOf(upper), await boxOf(lower)];
  expect(a.y + a.height, `${upper} ends above ${lower}`).toBeLessThanOrEqual(b.y + tolerance);
}

/** The element lies inside the window (within a pixel), so the member can reach it. */
export async function expectInWindow(page: Page, locator: Locator) {
  const box = await boxOf(locator);
  const { width, height } = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(-tolerance);
  expect(box.y).toBeGreaterThanOrEqual(-tolerance);
  expect(box.x + box.width).toBeLessThanOrEqual(width + tolerance);
  expect(box.y + box.height).toBeLessThanOrEqual(height + tolerance);
}

/** Scrolls the page the member sees (its own scroll container) to its end. */
export async function scrollPageToEnd(visiblePage: Locator) {
  await visiblePage.evaluate((section) => section.scrollTo({ top: section.scrollHeight, behavior: 'instant' }));
}

/**
 * Texts that do not fit: for each element, its text when it is wider than its box (cut or
 * ellipsed) or when one of its words is broken over two lines ("Restaurant/s").
 */
export function textsNotFitting(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((nodes) =>
    nodes.flatMap((node) => {
      const text = node.textContent?.trim() ?? '';
      if (node.scrollWidth > node.clientWidth + 1) return [`cut: ${text}`];
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      const broken: string[] = [];
      while (walker.nextNode()) {
        const textNode = walker.currentNode as Text;
        for (const word of textNode.data.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(textNode, word.index);
          range.setEnd(textNode, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(`broken: ${word[0]} in ${text}`);
        }
      }
      return broken;
    }),
  );
}

/** Texts laid out on more than one line (a button label that wrapped: "Add to / cart"). */
export function textsOnSeveralLines(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((nodes) =>
    nodes.flatMap((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
      return lines.size > 1 ? [node.textContent?.trim() ?? ''] : [];
    }),
  );
}

/** The left and right edges of each element (compare them within a pixel). */
export const edgesOf = (elements: Locator) =>
  elements.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect()).map((r) => [r.left, r.right] as const));

/**
 * The blank margins left and right of a logo's drawing inside its SVG view box (in SVG units):
 * a logo whose view box is wider than what it draws is off-centre wherever it is centred.
 */
export function logoMargins(page: Page, url: string): Promise<{ left: number; right: number }> {
  return page.evaluate(async (address) => {
    const source = await (await fetch(address)).text();
    const holder = document.createElement('div');
    holder.style.position = 'absolute';
    holder.style.visibility = 'hidden';
    holder.append(document.importNode(new DOMParser().parseFromString(source, 'image/svg+xml').documentElement, true));
    document.body.append(holder);
    const svg = holder.firstElementChild as SVGSVGElement;
    const drawn = svg.getBBox();
    const view = svg.viewBox.baseVal;
    holder.remove();
    return { left: drawn.x - view.x, right: view.x + view.width - (drawn.x + drawn.width) };
  }, url);
}
