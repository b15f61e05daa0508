import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { appMachine } from '../../machines/app.machine.ts';
import { type Member } from '../../machines/app.rules.ts';
import { sessionMachine, type SessionEvent } from '../../machines/session.machine.ts';
import { languageMachine, type Language } from '../../machines/language.machine.ts';
import { feedMachine } from '../../machines/feed.machine.ts';
import { categoriesMachine } from '../../machines/categories.machine.ts';
import { navigatorMachine } from '../../machines/navigator.machine.ts';
import { cartMachine } from '../../machines/cart.machine.ts';
import type { ShoppingCart } from '../../contract/commerce.ts';
import type { Brand } from '../../contract/brand.ts';
import type { User } from '../../contract/user.ts';
import type { Billboard, CategoryList } from '../../contract/offer.ts';
import { freshTokens, noTokenRejections, stillBrowserHistory } from './sessionFakes.ts';
import { testBrand, testMember, testNavigation, testOffers, steadyConnection } from './fixtures.ts';
import { memberLoadWith, withChildFakes } from './appChildFakes.ts';
import { fakeLanguageChanges } from './languageFakes.ts';

/*
 * The app and its language child (issue 23): texts the server sends in the app's language (the
 * brand's tab labels, categories, feeds) are fetched again when another language shows; the
 * member's record language decides after sign-in on a device without a choice of its own; a
 * saved record and saved favourites reach the member and the mixed feed.
 */
function startApp(options: { record: Language | null; deviceChoice: Language | null; textsArrive?: Promise<void> }) {
  const calls = { brand: 0, categories: 0, pages: [] as string[][], shown: [] as Language[], saved: [] as Language[], carts: [] as Language[] };
  let language: Language = options.deviceChoice ?? 'en';
  const brandIn = (): Brand => ({ ...testBrand(), name: `Brand (${language})` });
  const member: Member = { ...testMember(), user: { ...testMember().user, language: options.record, favouriteCategoryIdList: ['food'] } };
  // Lingui's change event as the app's activation of a locale raises it: the cart hears it itself.
  const lingui = fakeLanguageChanges();
  const actor = createActor(
    appMachine.provide({
      actions: { resetUrl: () => {}, clearCaches: () => {} },
      actors: withChildFakes({
        connection: steadyConnection,
        loadBrand: fromPromise<Brand>(async () => (calls.brand++, brandIn())),
        reloadBrand: fromCallback(({ sendBack }) => void (calls.brand++, sendBack({ type: 'app.brandReloaded', brand: brandIn() }))),
        memberLoad: memberLoadWith(fromPromise<Member, { uid: string | null }>(async () => member)),
        language: languageMachine.provide({
          actors: {
            showLanguage: fromPromise<void, { language: Language }>(async ({ input }) => {
              calls.shown.push(input.language);
              // The texts of a language load before it shows (a catalog download in the app).
              await options.textsArrive;
              language = input.language;
              lingui.languageShown();
            }),
            saveLanguage: fromPromise<User, { language: Language }>(async ({ input }) => (calls.saved.push(input.language), { ...member.user, language: input.language })),
          },
          actions: { rememberChoice: () => {}, logSaveFailure: () => {} },
        }),
        feed: feedMachine.provide({
          actors: {
            loadBillboard: fromPromise<Billboard | null>(async () => null),
            loadPage: fromPromise(async ({ input }) => (calls.pages.push(input.categoryIds), testOffers(2))),
          },
        }),
        // The cart names its one line's offer in the language the app asked in.
        whenLanguageChanges: lingui.whenLanguageChanges,
        cart: cartMachine.provide({ actors: { loadCart: fromPromise<ShoppingCart>(async () => (calls.carts.push(language), cartIn(language))) } }),
        categories: categoriesMachine.provide({ actors: { loadCategories: fromPromise<CategoryList>(async () => (calls.categories++, { list: [], record: {} })) } }),
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
    { input: { ...testNavigation(), language: { shown: options.deviceChoice ?? 'en', deviceChoice: options.deviceChoice, chosenBy: null } } },
  ).start();
  const language$ = () => actor.system.get('language')!;
  return { actor, calls, language: language$ };
}

function cartIn(language: Language): ShoppingCart {
  const cart = { itemList: [], totalPrice: 0, totalCustomFeePrice: 0, totalQuantity: 0, taxList: [], currency: 'SEK', version: 1 };
  return { ...cart, itemList: [{ offerTitle: `Tour (${language})` } as ShoppingCart['itemList'][number]] };
}

/** Children's progress does not change the app's snapshot: polled. */
const until = (condition: () => boolean) => vi.waitFor(() => expect(condition()).toBe(true));

const feedsSettled = (actor: ReturnType<typeof startApp>['actor']) =>
  until(() => actor.getSnapshot().matches('content') && ['feed.mixed', 'feed.benefit', 'categories'].every((id) => actor.system.get(id)?.getSnapshot().matches('loading') === false));

describe('the app’s language', () => {
  it('fetches the brand, every feed and the categories again when the member picks another language', async () => {
    const { actor, calls, language } = startApp({ record: null, deviceChoice: null });
    await feedsSettled(actor);
    const before = { brand: calls.brand, categories: calls.categories, pages: calls.pages.length };
    language().send({ type: 'language.choose', language: 'sv' });
    await waitFor(actor, (s) => s.context.brand?.name === 'Brand (sv)');
    await until(() => calls.categories === before.categories + 1);
    // The mixed feed and one feed per type the brand shows (editorial, benefit, live) load their first page again.
    await until(() => calls.pages.length === before.pages + 4);
    expect(calls.brand).toBe(before.brand + 1);
    // Stored on the member's record, which comes back to the app's member.
    await waitFor(actor, (s) => s.context.member?.user.language === 'sv');
    expect(calls.saved).toEqual(['sv']);
  });

  it('takes the member’s record language after sign-in on a device without a choice, and fetches its texts in it', async () => {
    const { actor, calls } = startApp({ record: 'nb', deviceChoice: null });
    await waitFor(actor, (s) => s.context.brand?.name === 'Brand (nb)');
    expect(calls.shown).toEqual(['nb']);
    expect(calls.saved).toEqual([]);
  });

  it('shows the member’s cart in the record’s language, not the browser’s it started loading in (issue 41)', async () => {
    let textsArrived = () => {};
    const textsArrive = new Promise<void>((resolve) => (textsArrived = resolve));
    const { actor, calls } = startApp({ record: 'sv', deviceChoice: null, textsArrive });
    const cartTitle = () => actor.system.get('cart')?.getSnapshot().context.cart?.itemList[0]?.offerTitle;
    // The cart asked while the browser's English still showed.
    await until(() => calls.carts.length === 1);
    expect(calls.carts).toEqual(['en']);
    textsArrived();
    await until(() => cartTitle() === 'Tour (sv)' && actor.system.get('cart')?.getSnapshot().matches({ ready: 'idle' }) === true);
    expect(calls.carts.at(-1)).toBe('sv');
  });

  it('keeps the device’s choice over the member’s record, and brings the record up to it', async () => {
    const { actor, calls } = startApp({ record: 'nb', deviceChoice: 'sv' });
    await waitFor(actor, (s) => s.context.member?.user.language === 'sv');
    expect(calls.shown).toEqual([]);
    expect(calls.saved).toEqual(['sv']);
    expect(actor.getSnapshot().context.brand?.name).toBe('Brand (sv)');
  });

  it('gives saved favourites to the member and the mixed feed, whose filter then uses them', async () => {
    const { actor, calls } = startApp({ record: null, deviceChoice: null });
    await feedsSettled(actor);
    actor.send({ type: 'app.favouritesSaved', categoryIdList: ['music', 'travel'] });
    expect(actor.getSnapshot().context.member?.user.favouriteCategoryIdList).toEqual(['music', 'travel']);
    const feed = actor.system.get('feed.mixed')!;
    feed.send({ type: 'feed.favouritesToggled' });
    await until(() => calls.pages.some((ids) => ids.join() === 'music,travel'));
  });
});
