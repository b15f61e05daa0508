import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseSkeletonOnFirstScreen } from '../../../src/wiring/shellSkeleton.ts';

/** The server's skeleton (server/shell/skeleton.ts) hands over to the app's first screen, never to a spinner. */
describe('releaseSkeletonOnFirstScreen', () => {
  afterEach(() => void (document.body.innerHTML = ''));

  const page = () => {
    document.body.innerHTML = '<div id="app-skeleton" aria-hidden="true"><div class="sk-top"></div></div><div id="root"></div>';
    return { root: document.getElementById('root')!, skeleton: () => document.getElementById('app-skeleton') };
  };
  const spinner = '<div role="status" data-fullscreen=""></div>';
  /** Lets the MutationObserver's callback run. */
  const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

  it('stays while the app shows only full-screen spinners, and goes when a screen shows', async () => {
    const { root, skeleton } = page();
    releaseSkeletonOnFirstScreen(document);
    root.innerHTML = `<div>${spinner}</div>`;
    await settle();
    expect(skeleton()).not.toBeNull();
    // The content shell with its first page still loading.
    root.firstElementChild!.innerHTML = `<header></header><main>${spinner}</main>`;
    await settle();
    expect(skeleton()).not.toBeNull();
    root.querySelector('main')!.innerHTML = '<h1><img alt="Aurora"></h1>';
    await vi.waitFor(() => expect(skeleton()).toBeNull());
  });

  it('stops watching when asked to, and does nothing on a page without a skeleton', async () => {
    const { root, skeleton } = page();
    const stop = releaseSkeletonOnFirstScreen(document);
    stop();
    root.innerHTML = '<main></main>';
    await settle();
    expect(skeleton()).not.toBeNull();
    document.body.innerHTML = '<div id="root"></div>';
    expect(() => releaseSkeletonOnFirstScreen(document)()).not.toThrow();
  });
});

describe('the skeleton and the app choose the layout at one width', () => {
  it('shows the desktop bars from the media query of the app\'s desktop-layout breakpoint', async () => {
    const { skeletonDesktopMinWidth, skeletonStyle } = await import('../../../server/shell/skeleton.ts');
    const { breakpoints, media } = await import('../../../src/theme/breakpoints.ts');
    expect(skeletonDesktopMinWidth).toBe(breakpoints.desktopLayout);
    expect(skeletonStyle).toContain(`@media ${media.desktopLayout.replace(' ', '')}{[data-layout=desktop]`);
  });
});
