import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromTransition } from 'xstate';
import type { Brand } from '../../../contract/brand.ts';
import type { Member } from '../../../machines/app.rules.ts';
import { navigatorMachine } from '../../../machines/navigator.machine.ts';
import type { AppRef } from '../../../src/appActor.ts';
import type { ContainerVersion } from '../../../domain/version.ts';
import { createResolver } from '../../../src/routes/resolver.ts';
import { watchAnalytics } from '../../../src/wiring/analytics.wiring.ts';
import { stillBrowserHistory } from '../../machines/sessionFakes.ts';
import { testBrand, testMember } from '../../machines/fixtures.ts';
import { recordingAnalytics } from '../recordingAnalytics.ts';

const brand: Brand = {
  ...testBrand(),
  navigationBar: [
    { key: 'mixedFeed', label: 'Home', icon: 'home', path: '/' },
    { key: 'live', label: 'Live events', icon: 'live', path: '/live' },
    { key: 'more', label: 'More', icon: 'more', path: '/more' },
  ],
};

type AppFacts = { brand: Brand; member: Member | null; containerVersion: ContainerVersion | null | 'pending' };

function start(path: string, facts: Partial<AppFacts> = {}) {
  const navigator = createActor(
    navigatorMachine.provide({ actors: { browserHistory: stillBrowserHistory }, actions: { applyHistory: () => undefined, saveNavigation: () => undefined } }),
    { input: { ...createResolver({ settings: brand.settings, testMode: false }), location: { path, restored: null, saved: null, keyPrefix: 't-' }, stacked: true } },
  ).start();
  // Stands in for the app actor: the watcher reads its brand, member and container version.
  const app = createActor(
    fromTransition((context: AppFacts, event: { type: 'set' } & Partial<AppFacts>) => ({ ...context, ...event }), { brand, member: null, containerVersion: null, ...facts }),
  ).start();
  const analytics = recordingAnalytics();
  stops.push(watchAnalytics(app as unknown as AppRef, navigator, analytics));
  return { navigator, app, analytics };
}
const stops: Array<() => void> = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

describe('watchAnalytics', () => {
  it('tells a page view with its path for every page shown, in every tab', () => {
    const { navigator, analytics } = start('/');
    navigator.send({ type: 'nav.push', path: '/live' });
    navigator.send({ type: 'nav.push', path: '/live/live/42' });
    navigator.send({ type: 'nav.push', path: '/more' });
    navigator.send({ type: 'nav.push', path: '/more/faq' });
    expect(analytics.events).toEqual(['/', '/live', '/live/live/42', '/more', '/more/faq'].map((pathName) => ({ name: 'page_view', pathName })));
  });

  it("follows who the events are about: a visitor's none, then the member's ids and the container's version", () => {
    const { app, navigator, analytics } = start('/');
    expect(analytics.context).toEqual({ brandId: 'aurora', disabled: false, userId: null, brandRoleId: null, legacyId: undefined, container: null });
    const member = testMember();
    app.send({ type: 'set', member: { ...member, role: { ...member.role!, legacyId: 123 } }, containerVersion: { build: 9, version: '2.1.0' } });
    navigator.send({ type: 'nav.push', path: '/more' });
    expect(analytics.context).toEqual({ brandId: 'aurora', disabled: false, userId: 'uid-1', brandRoleId: 'member', legacyId: 123, container: { build: 9, version: '2.1.0' } });
    // The app changing under the same page is no new page view.
    expect(analytics.events.map((e) => e.pathName)).toEqual(['/', '/more']);
  });

  it("passes on the brand's analytics-disabled flag", () => {
    const { analytics } = start('/', { brand: { ...brand, settings: { ...brand.settings, analyticsDisabled: true } } });
    expect(analytics.context?.disabled).toBe(true);
  });
});
