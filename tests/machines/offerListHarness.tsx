import type { ReactElement, ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { NavigatorContext, type NavigatorRef } from '../../src/navigation/navigation.ts';

/**
 * A stand-in for the browser's IntersectionObserver: nothing is ever in view until the test
 * scrolls to the end of the list, which tells every observer watching at that moment.
 */
export function installFakeIntersectionObserver() {
  const live = new Set<FakeObserver>();
  class FakeObserver {
    private targets: Element[] = [];
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      this.targets.push(target);
      live.add(this);
    }
    unobserve() {}
    disconnect() {
      live.delete(this);
    }
    takeRecords() {
      return [];
    }
    reach() {
      const entries = this.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
      this.callback(entries, this as unknown as IntersectionObserver);
    }
  }
  const original = globalThis.IntersectionObserver;
  globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
  return {
    /** The member scrolls the end of the list into the load-more margin (reported `times` times at once). */
    scrollToEnd: (times = 1) =>
      act(() => {
        for (let i = 0; i < times; i++) [...live].forEach((observer) => observer.reach());
      }),
    restore: () => void (globalThis.IntersectionObserver = original),
  };
}

/** Renders a screen view with Lingui and a navigator that records the paths it is asked to push. */
export function renderScreen(ui: ReactElement) {
  const pushed: string[] = [];
  const navigator = {
    send: (event: { type: string; path?: string }) => void (event.type === 'nav.push' && pushed.push(event.path!)),
  } as unknown as NavigatorRef;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>
      <NavigatorContext.Provider value={navigator}>{children}</NavigatorContext.Provider>
    </I18nProvider>
  );
  return { ...render(ui, { wrapper }), pushed };
}

/** Card links in the grid named `label`, as offer ids (the last path segment). */
export function shownOfferIds(list: HTMLElement): string[] {
  return [...list.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!.split('/').pop()!);
}
