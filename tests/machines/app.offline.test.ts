import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { appMachine } from '../../machines/app.machine.ts';
import { connectionMachine, type ConnectionEvent } from '../../machines/connection.machine.ts';
import { sessionMachine, type SessionEvent } from '../../machines/session.machine.ts';
import { navigatorMachine } from '../../machines/navigator.machine.ts';
import { feedMachine, type PageRequest } from '../../machines/feed.machine.ts';
import type { Brand } from '../../contract/brand.ts';
import type { ContainerVersion } from '../../domain/version.ts';
import type { Billboard, FeedOffer } from '../../contract/offer.ts';
import { ApiError, failedToFetch } from '../../src/api/apiError.ts';
import { freshTokens, noTokenRejections, stillBrowserHistory } from './sessionFakes.ts';
import { testBrand, testNavigation, testOffers } from './fixtures.ts';
import { withChildFakes } from './appChildFakes.ts';

/*
 * Issue 26, opened offline: when the brand load gets no answer at all, the app opens with the
 * brand this device saved and says it is offline; when the network is back the notice goes and
 * the brand and the feeds load afresh. An error the server answered is never covered up with the
 * saved brand. A visitor of a brand that lets visitors browse, over fakes.
 */
function startApp({ brandLoads, saved }: { brandLoads: Array<() => Promise<Brand>>; saved: Brand | null }) {
  const counts = { brand: 0, savedBrand: 0, brandReloads: 0, pages: 0 };
  let browser: (event: ConnectionEvent) => void = () => undefined;
  const actor = createActor(
    appMachine.provide({
      actions: { resetUrl: () => undefined, clearCaches: () => undefined },
      actors: withChildFakes({
        connection: connectionMachine.provide({
          actors: { watchConnection: fromCallback<ConnectionEvent>(({ sendBack }) => void (browser = sendBack)) },
        }),
        loadBrand: fromPromise<Brand>(() => brandLoads[Math.min(counts.brand++, brandLoads.length - 1)]!()),
        loadSavedBrand: fromPromise<Brand>(async () => {
          counts.savedBrand++;
          if (!saved) throw new Error('No brand saved on this device');
          return saved;
        }),
        reloadBrand: fromCallback(() => void counts.brandReloads++),
        loadContainerVersion: fromPromise<ContainerVersion | null>(async () => null),
        navigator: navigatorMachine.provide({ actors: { browserHistory: stillBrowserHistory }, actions: { applyHistory: () => undefined, saveNavigation: () => undefined } }),
        session: sessionMachine.provide({
          actors: {
            readToken: freshTokens,
            observeTokenRejections: noTokenRejections,
            observeUser: fromCallback<SessionEvent>(({ sendBack }) => sendBack({ type: 'session.userChanged', user: null })),
          },
        }),
        feed: feedMachine.provide({
          actors: {
            loadBillboard: fromPromise<Billboard | null>(async () => null),
            loadPage: fromPromise<FeedOffer[], PageRequest>(async () => (counts.pages++, testOffers(3))),
          },
        }),
      }),
    }),
    { input: testNavigation() },
  ).start();
  const offline = () => actor.getSnapshot().children.connection!.getSnapshot().hasTag('offline') as boolean;
  return { actor, counts, offline, browser: (event: ConnectionEvent) => browser(event) };
}

const savedBrand = { ...testBrand({ visitorBrowsing: true }), name: 'Aurora as saved' };
const unreachable = () => Promise.reject(failedToFetch());

describe('the app opened offline', () => {
  it('opens the visitor’s feed with the saved brand and the offline notice; back online, the notice goes and brand and feeds load afresh', async () => {
    const { actor, counts, offline, browser } = startApp({ brandLoads: [unreachable], saved: savedBrand });
    await waitFor(actor, (s) => s.matches({ content: 'visitor' }));
    expect(actor.getSnapshot().context.brand?.name).toBe('Aurora as saved');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(offline()).toBe(true);
    await waitFor(actor, () => counts.pages > 0);
    const pagesOffline = counts.pages;

    browser({ type: 'connection.restored' });
    expect(offline()).toBe(false);
    expect(counts.brandReloads).toBe(1);
    await waitFor(actor, () => counts.pages > pagesOffline);
    expect(actor.getSnapshot().matches({ content: 'visitor' })).toBe(true);
  });

  it('never covers an error the server answered with the saved brand', async () => {
    const answered = () => Promise.reject(new ApiError(500, 'internal_error', 'Something went wrong'));
    const { actor, counts, offline } = startApp({ brandLoads: [answered], saved: savedBrand });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.error?.code).toBe('internal_error');
    expect(counts.savedBrand).toBe(0);
    expect(offline()).toBe(false);
  });

  it('shows the network error when nothing was saved, and tries again by itself when the network is back', async () => {
    const { actor, counts, offline, browser } = startApp({ brandLoads: [unreachable, async () => savedBrand], saved: null });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.error?.code).toBe('failed_to_fetch');
    expect(offline()).toBe(true);

    browser({ type: 'connection.restored' });
    await waitFor(actor, (s) => s.matches({ content: 'visitor' }));
    expect(counts.brand).toBe(2);
    expect(offline()).toBe(false);
  });

  it('goes offline and back while browsing: the feeds load afresh once the network is back', async () => {
    const { actor, counts, offline, browser } = startApp({ brandLoads: [async () => savedBrand], saved: null });
    await waitFor(actor, (s) => s.matches({ content: 'visitor' }) && counts.pages > 0);
    browser({ type: 'connection.lost' });
    expect(offline()).toBe(true);
    const pagesBefore = counts.pages;
    browser({ type: 'connection.restored' });
    await waitFor(actor, () => counts.pages > pagesBefore);
    expect(offline()).toBe(false);
  });
});
