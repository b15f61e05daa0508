import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { appMachine } from '../../machines/app.machine.ts';
import { shownOfferTypes, type Member } from '../../machines/app.rules.ts';
import { sessionMachine, type SessionEvent } from '../../machines/session.machine.ts';
import { freshTokens, noTokenRejections, stillBrowserHistory } from './sessionFakes.ts';
import { navigatorMachine } from '../../machines/navigator.machine.ts';
import type { Brand } from '../../contract/brand.ts';
import { memberLoadWith, withChildFakes } from './appChildFakes.ts';
import { testBrand, testMember, testNavigation, steadyConnection } from './fixtures.ts';

const childrenOf = (ref: unknown) => Object.keys((ref as AnyActorRef | undefined)?.getSnapshot().children ?? {}).sort();

/** The app machine signed in with a complete member, over fakes; records the actions it runs. */
function startSignedIn(brand: Brand) {
  const ran: string[] = [];
  const actor = createActor(
    appMachine.provide({
      actions: { resetUrl: () => void ran.push('resetUrl'), clearCaches: () => void ran.push('clearCaches') },
      actors: withChildFakes({
        connection: steadyConnection,
        loadBrand: fromPromise<Brand>(async () => brand),
        memberLoad: memberLoadWith(fromPromise<Member, { uid: string | null }>(async () => testMember())),
        reloadBrand: fromCallback(() => undefined),
        navigator: navigatorMachine.provide({ actors: { browserHistory: stillBrowserHistory }, actions: { applyHistory: () => undefined, saveNavigation: () => undefined } }),
        session: sessionMachine.provide({
          actors: {
            readToken: freshTokens,
            observeTokenRejections: noTokenRejections,
            observeUser: fromCallback<SessionEvent>(({ sendBack }) => {
              sendBack({ type: 'session.userChanged', user: { uid: 'uid-1', email: 'member@aurora.test' } });
            }),
          },
        }),
      }),
    }),
    {
      input: testNavigation(),
    },
  ).start();
  return { actor, ran };
}

describe('the content phase children', () => {
  it('runs the mixed feed, search, categories, the push token and one feed per type the brand shows', async () => {
    const { actor } = startSignedIn(testBrand({ showEditorial: false }));
    await waitFor(actor, (s) => s.matches('content') && s.children.typeFeeds !== undefined);
    const { system } = actor;
    const children = actor.getSnapshot().children;
    expect(Object.keys(children).sort()).toEqual(['connection', 'content', 'language', 'layout', 'session', 'typeFeeds']);
    // The content child starts the home's children, and the member's cart and push token.
    expect(childrenOf(children.content)).toEqual(['cart', 'feed.mixed', 'navigator', 'pushToken', 'search']);
    expect(childrenOf(children.typeFeeds)).toEqual(['categories', 'feed.benefit', 'feed.live']);
    expect(system.get('feed.editorial')).toBeUndefined();
    expect(system.get('feed.benefit')?.getSnapshot().context.type).toBe('benefit');
    expect(system.get('feed.live')?.getSnapshot().context.type).toBe('live');
    expect(system.get('search')).toBeDefined();
    expect(system.get('cart')).toBeDefined();
  });

  it('starts the per-type feeds and the categories in a task after the one that entered content (the first screen needs neither)', async () => {
    const { actor } = startSignedIn(testBrand());
    const entered = await waitFor(actor, (s) => s.matches('content'));
    expect(childrenOf(entered.children.content)).toEqual(expect.arrayContaining(['feed.mixed', 'search', 'navigator']));
    expect(entered.children.typeFeeds).toBeUndefined();
    expect(actor.system.get('feed.benefit')).toBeUndefined();
    expect(actor.system.get('categories')).toBeUndefined();
    // A language change before they start reloads what runs; they load in the new language when they start.
    actor.send({ type: 'app.languageChanged' });
    const started = await waitFor(actor, (s) => s.children.typeFeeds !== undefined);
    expect(childrenOf(started.children.typeFeeds)).toEqual(expect.arrayContaining(['feed.editorial', 'feed.benefit', 'feed.live', 'categories']));
  });

  it('stops the per-type feeds on sign-out and clears the caches beside resetting the URL; a new sign-in starts them again', async () => {
    const { actor, ran } = startSignedIn(testBrand());
    await waitFor(actor, (s) => s.matches('content') && s.children.typeFeeds !== undefined);
    const benefit = actor.system.get('feed.benefit')!;
    actor.send({ type: 'app.signOut' });
    await waitFor(actor, (s) => s.matches('auth'));
    expect(ran).toEqual(['resetUrl', 'clearCaches']);
    expect(benefit.getSnapshot().status).toBe('stopped');
    expect(actor.system.get('feed.benefit')).toBeUndefined();
    expect(actor.system.get('search')).toBeUndefined();
    expect(actor.system.get('categories')).toBeUndefined();
    actor.getSnapshot().children.session!.send({ type: 'session.userChanged', user: { uid: 'uid-1', email: null } });
    await waitFor(actor, (s) => s.matches('content') && s.children.typeFeeds !== undefined);
    expect(actor.system.get('feed.benefit')).toBeDefined();
    expect(actor.system.get('feed.benefit')).not.toBe(benefit);
  });

  it('names the shown offer types by the brand flags', () => {
    expect(shownOfferTypes(null)).toEqual([]);
    expect(shownOfferTypes(testBrand({ showBenefit: false }))).toEqual(['editorial', 'live']);
  });
});
