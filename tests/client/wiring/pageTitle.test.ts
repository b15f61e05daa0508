import { setupI18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromTransition } from 'xstate';
import type { Brand } from '../../../contract/brand.ts';
import { navigatorMachine } from '../../../machines/navigator.machine.ts';
import type { AppRef } from '../../../src/appActor.ts';
import { createResolver } from '../../../src/routes/resolver.ts';
import { watchPageTitle } from '../../../src/wiring/pageTitle.wiring.ts';
import { stillBrowserHistory } from '../../machines/sessionFakes.ts';
import { testBrand } from '../../machines/fixtures.ts';
import { enMessages, svMessages } from '../catalogs.ts';

/** The browser tab's title follows the member from page to page: "Page · Brand", the brand alone on the feed. */
const brand: Brand = {
  ...testBrand(),
  navigationBar: [
    { key: 'mixedFeed', label: 'Home', icon: 'home', path: '/' },
    { key: 'live', label: 'Live events', icon: 'live', path: '/live' },
    { key: 'more', label: 'More', icon: 'more', path: '/more' },
  ],
};

function start(path: string) {
  const i18n = setupI18n({ locale: 'en', messages: { en: enMessages, sv: svMessages } });
  const navigator = createActor(
    navigatorMachine.provide({ actors: { browserHistory: stillBrowserHistory }, actions: { applyHistory: () => undefined, saveNavigation: () => undefined } }),
    { input: { ...createResolver({ settings: brand.settings, testMode: false }), location: { path, restored: null, saved: null, keyPrefix: 't-' }, stacked: true } },
  ).start();
  // Stands in for the app actor: the watcher reads only its brand.
  const app = createActor(fromTransition((_context: { brand: Brand }, event: { type: 'brand'; brand: Brand }) => ({ brand: event.brand }), { brand })).start();
  const titles: string[] = [];
  const stop = watchPageTitle(app as unknown as AppRef, navigator, i18n, (title) => titles.push(title));
  stops.push(stop);
  return { navigator, app, i18n, titles, stop };
}
const stops: Array<() => void> = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

describe('watchPageTitle', () => {
  it("names the brand alone on the feed, then the page and the brand as the member moves", () => {
    const { navigator, titles } = start('/');
    navigator.send({ type: 'nav.push', path: '/more' });
    navigator.send({ type: 'nav.push', path: '/more/faq' });
    navigator.send({ type: 'nav.push', path: '/live' });
    navigator.send({ type: 'nav.push', path: '/live/live/42' });
    navigator.send({ type: 'nav.push', path: '/more/nothing-here' });
    navigator.send({ type: 'nav.push', path: '/' });
    expect(titles).toEqual([
      'Aurora',
      'More · Aurora',
      'Frequently asked questions · Aurora',
      'Live events · Aurora',
      'Offer · Aurora',
      'Page not found · Aurora',
      'Aurora',
    ]);
  });

  it("follows the member's language and a renamed brand, and gives the tab back to the brand when the content closes", () => {
    const { navigator, app, i18n, titles, stop } = start('/more/orderHistory');
    expect(titles).toEqual(['My orders · Aurora']);
    i18n.activate('sv');
    expect(titles.at(-1)).toBe('Mina beställningar · Aurora');
    app.send({ type: 'brand', brand: { ...brand, name: 'Aurora Nord' } });
    expect(titles.at(-1)).toBe('Mina beställningar · Aurora Nord');
    stop();
    expect(titles.at(-1)).toBe('Aurora Nord');
    navigator.send({ type: 'nav.push', path: '/more/faq' });
    expect(titles.at(-1)).toBe('Aurora Nord');
  });
});
