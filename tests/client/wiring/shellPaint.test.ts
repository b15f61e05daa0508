import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterShellPaint, billboardWaitMs, releaseStartPreloads } from '../../../src/wiring/shellPaint.ts';

/**
 * The entry evaluates the app only after the shell's billboard has been painted (issue 41): a long
 * task started between the file's arrival and its paint holds the paint back, the LCP's render delay.
 */
describe('afterShellPaint', () => {
  afterEach(() => void (document.body.innerHTML = ''));

  /** The skeleton's billboard as the browser has it: loaded or not, its decode a promise the test settles. */
  function billboard(state: { complete: boolean; naturalWidth: number }) {
    document.body.innerHTML = '<div id="app-skeleton"><div class="sk-billboard"><picture><img alt=""></picture></div></div>';
    const img = document.querySelector('img')!;
    let decoded!: () => void;
    const decode = vi.fn(() => new Promise<void>((resolve) => (decoded = resolve)));
    Object.defineProperties(img, {
      complete: { get: () => state.complete },
      naturalWidth: { get: () => state.naturalWidth },
      decode: { value: decode },
    });
    return { img, decode, decoded: () => decoded() };
  }

  const track = (promise: Promise<void>) => {
    const done = { value: false };
    void promise.then(() => (done.value = true));
    return done;
  };

  it('waits until the arrived billboard has been decoded, then for a frame to paint it', async () => {
    const image = billboard({ complete: true, naturalWidth: 800 });
    const done = track(afterShellPaint(document));
    await vi.waitFor(() => expect(image.decode).toHaveBeenCalled());
    expect(done.value).toBe(false);
    image.decoded();
    await vi.waitFor(() => expect(done.value).toBe(true));
  });

  it('waits for a billboard still on its way, then for its decoding', async () => {
    const state = { complete: false, naturalWidth: 0 };
    const image = billboard(state);
    const done = track(afterShellPaint(document));
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    expect(image.decode).not.toHaveBeenCalled();
    Object.assign(state, { complete: true, naturalWidth: 800 });
    image.img.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(image.decode).toHaveBeenCalled());
    expect(done.value).toBe(false);
    image.decoded();
    await vi.waitFor(() => expect(done.value).toBe(true));
  });

  it('goes on after billboardWaitMs when the decoding never ends (the whole wait is bounded)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const image = billboard({ complete: true, naturalWidth: 800 });
      const done = track(afterShellPaint(document));
      await vi.waitFor(() => expect(image.decode).toHaveBeenCalled());
      expect(done.value).toBe(false);
      await vi.advanceTimersByTimeAsync(billboardWaitMs);
      await vi.waitFor(() => expect(done.value).toBe(true));
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes on without decoding a billboard that failed, or on a page without one', async () => {
    const image = billboard({ complete: true, naturalWidth: 0 });
    await afterShellPaint(document);
    expect(image.decode).not.toHaveBeenCalled();
    document.body.innerHTML = '<div id="root"></div>';
    await expect(afterShellPaint(document)).resolves.toBeUndefined();
  });
});

describe('releaseStartPreloads', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it("puts the start's preloads the shell held back into the head, both at once", () => {
    document.head.innerHTML =
      '<template id="start-preloads"><link rel="modulepreload" crossorigin href="/assets/libraries-1.js"><link rel="modulepreload" crossorigin href="/assets/start-1.js"></template>';
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    releaseStartPreloads(document);
    const links = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/assets/libraries-1.js', '/assets/start-1.js']);
    expect(document.querySelector('template#start-preloads')).toBeNull();
  });

  it('does nothing on a page whose shell held nothing back', () => {
    document.head.innerHTML = '<link rel="modulepreload" href="/assets/start-1.js">';
    releaseStartPreloads(document);
    expect(document.head.querySelectorAll('link')).toHaveLength(1);
  });
});
