import { memberLoadMachine } from '../../machines/memberLoad.machine.ts';
import { typeFeedsMachine } from '../../machines/typeFeeds.machine.ts';
import { contentMachine } from '../../machines/content.machine.ts';
import { cartMachine } from '../../machines/cart.machine.ts';
import { steadyLanguage } from './languageFakes.ts';
import { appStartMachine } from '../../machines/appStart.machine.ts';
import type { feedMachine } from '../../machines/feed.machine.ts';
import type { categoriesMachine } from '../../machines/categories.machine.ts';
import type { searchMachine } from '../../machines/search.machine.ts';
import type { navigatorMachine } from '../../machines/navigator.machine.ts';
import type { pushTokenMachine } from '../../machines/pushToken.machine.ts';

type LoadMember = Parameters<typeof memberLoadMachine.provide>[0] extends { actors?: infer A } ? NonNullable<A> extends { loadMember?: infer L } ? NonNullable<L> : never : never;

/** The app's member load over a fake loader (machines/memberLoad.machine.ts). */
export const memberLoadWith = (loadMember: LoadMember) => memberLoadMachine.provide({ actors: { loadMember } });

type StartActors = NonNullable<NonNullable<Parameters<typeof appStartMachine.provide>[0]>['actors']>;

interface ChildFakes {
  loadBrand?: StartActors['loadBrand'];
  loadSavedBrand?: StartActors['loadSavedBrand'];
  loadContainerVersion?: StartActors['loadContainerVersion'];
  feed?: typeof feedMachine;
  categories?: typeof categoriesMachine;
  search?: typeof searchMachine;
  navigator?: typeof navigatorMachine;
  cart?: typeof cartMachine;
  pushToken?: typeof pushTokenMachine;
  /** The cart's word of another language shown (languageFakes.ts); steady unless given. */
  whenLanguageChanges?: typeof steadyLanguage;
}

const childKeys = ['loadBrand', 'loadSavedBrand', 'loadContainerVersion', 'feed', 'categories', 'search', 'navigator', 'cart', 'pushToken', 'whenLanguageChanges'] as const;

/**
 * The app's actors with its children's fakes given where they run: the brand and the container's
 * version in its appStart child; the mixed feed, search, navigator, cart and push token in its
 * content child; the per-type feeds (the same feed) and the categories in its typeFeeds child.
 * `actors: withChildFakes({ loadBrand, feed, navigator, ... })`.
 */
export function withChildFakes<T extends ChildFakes>(
  actors: T,
): Omit<T, keyof ChildFakes> & { appStart: typeof appStartMachine; content: typeof contentMachine; typeFeeds: typeof typeFeedsMachine } {
  const fakes: ChildFakes = {};
  const rest: Record<string, unknown> = { ...(actors as Record<string, unknown>) };
  for (const key of childKeys) {
    if (actors[key]) Object.assign(fakes, { [key]: actors[key] });
    delete rest[key];
  }
  const { loadBrand, loadSavedBrand, loadContainerVersion, feed, categories, cart, whenLanguageChanges, ...contentOnly } = fakes;
  return {
    ...(rest as Omit<T, keyof ChildFakes>),
    appStart: appStartMachine.provide({ actors: { ...(loadBrand ? { loadBrand } : {}), ...(loadSavedBrand ? { loadSavedBrand } : {}), ...(loadContainerVersion ? { loadContainerVersion } : {}) } }),
    content: contentMachine.provide({
      actors: { ...contentOnly, ...(feed ? { feed } : {}), cart: (cart ?? cartMachine).provide({ actors: { whenLanguageChanges: whenLanguageChanges ?? steadyLanguage } }) },
    }),
    typeFeeds: typeFeedsMachine.provide({ actors: { ...(feed ? { feed } : {}), ...(categories ? { categories } : {}) } }),
  };
}
