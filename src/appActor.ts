import { createContext } from 'react';
import { createActorContext } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef, SnapshotFrom } from 'xstate';
import { appMachine } from '../machines/app.machine.ts';
import type { signInMachine } from '../machines/signIn.machine.ts';
import type { feedMachine } from '../machines/feed.machine.ts';
import type { searchMachine } from '../machines/search.machine.ts';
import type { categoriesMachine } from '../machines/categories.machine.ts';
import type { setUpMachine } from '../machines/setUp.machine.ts';
import type { navigatorMachine } from '../machines/navigator.machine.ts';
import type { cartMachine } from '../machines/cart.machine.ts';
import type { sessionMachine } from '../machines/session.machine.ts';
import type { languageMachine } from '../machines/language.machine.ts';
import type { connectionMachine } from '../machines/connection.machine.ts';
import type { OfferType } from '../contract/offer.ts';
import type { Services } from './services/services.ts';

/** The root actor for React: `<AppActor.Provider logic={provided machine}>`, then useSelector. */
export const AppActor = createActorContext(appMachine);

/**
 * The composition root's services for the wired screens (src/wiring/wired.tsx), given once at
 * the top of the tree (src/start.tsx). Kept here, beside the app actor the first load has
 * anyway, so that `wired` itself loads only with the screens that use it.
 */
export const WiringContext = createContext<Services | null>(null);

export type AppSnapshot = SnapshotFrom<typeof appMachine>;
export type SignInRef = ActorRefFrom<typeof signInMachine>;
export type FeedRef = ActorRefFrom<typeof feedMachine>;
export type SearchRef = ActorRefFrom<typeof searchMachine>;
export type CategoriesRef = ActorRefFrom<typeof categoriesMachine>;
export type SetUpRef = ActorRefFrom<typeof setUpMachine>;
export type NavigatorRef = ActorRefFrom<typeof navigatorMachine>;
export type AppRef = ActorRefFrom<typeof appMachine>;
export type CartRef = ActorRefFrom<typeof cartMachine>;
export type SessionRef = ActorRefFrom<typeof sessionMachine>;
export type LanguageRef = ActorRefFrom<typeof languageMachine>;
export type ConnectionRef = ActorRefFrom<typeof connectionMachine>;

/** The app machine's children by id (machines/app.machine.ts invokes and spawns them), with its content's and typeFeeds' children. */
export type AppChildren = {
  session: SessionRef;
  signIn: SignInRef;
  setUp: SetUpRef;
  language: LanguageRef;
  connection: ConnectionRef;
} & ContentChildren &
  TypeFeedsChildren;

/** The children of the app's content child (machines/content.machine.ts), started with it; the cart once a member is in. */
type ContentChildren = { navigator: NavigatorRef; search: SearchRef; cart: CartRef; 'feed.mixed': FeedRef };

/** The children of the app's typeFeeds child (machines/typeFeeds.machine.ts), started with it after content's first screen. */
type TypeFeedsChildren = { categories: CategoriesRef } & { [K in `feed.${OfferType}`]: FeedRef };

const ownerOf: Partial<Record<keyof AppChildren, 'content' | 'typeFeeds'>> = {
  navigator: 'content',
  search: 'content',
  cart: 'content',
  'feed.mixed': 'content',
  categories: 'typeFeeds',
  'feed.editorial': 'typeFeeds',
  'feed.benefit': 'typeFeeds',
  'feed.live': 'typeFeeds',
};

/**
 * One of the app's children (or its content's or typeFeeds' children), typed by its id, or
 * undefined while the app is in a state without it. The one place that narrows xstate's untyped
 * children. The content and typeFeeds children start their own children as they start, so those
 * are there in the first app snapshot that has them.
 */
export function appChild<K extends keyof AppChildren>(snapshot: AppSnapshot, id: K): AppChildren[K] | undefined {
  const children = snapshot.children as Record<string, AnyActorRef | undefined>;
  const owner = ownerOf[id] && children[ownerOf[id]];
  // The screens' tests give a stand-in app that holds the children it needs itself.
  const holder = (owner ? owner.getSnapshot().children : children) as Record<string, unknown>;
  return (holder[id] ?? children[id]) as AppChildren[K] | undefined;
}

export type Phase = 'loading' | 'auth' | 'setUp' | 'content' | 'forceUpdate' | 'error';

/** Which screen set to show (spec 2.2). */
export function phaseOf(snapshot: AppSnapshot): Phase {
  if (snapshot.matches('auth')) return 'auth';
  if (snapshot.matches('setUp')) return 'setUp';
  if (snapshot.matches('content')) {
    const { layout, noDesktop } = snapshot.context;
    return layout === 'desktop' && noDesktop ? 'loading' : 'content';
  }
  if (snapshot.matches('forceUpdate')) return 'forceUpdate';
  if (snapshot.matches('error')) return 'error';
  return 'loading';
}

/**
 * Compares two results of a screen's connect function: a connect builds a fresh object (and
 * fresh intent functions) per snapshot, so re-render only when a value field changed.
 */
export function sameViewValues<T extends object>(a: T, b: T): boolean {
  return Object.entries(a).every(([key, value]) => typeof value === 'function' || Object.is(value, (b as Record<string, unknown>)[key]));
}
