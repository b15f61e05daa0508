import type { BrandSettings } from '../../contract/brand.ts';
import type { OfferType } from '../../contract/offer.ts';

/** The screens of the signed-in app; src/routes/screens.tsx maps each to its view. */
export type ScreenName =
  | 'mixedFeed'
  | 'offer'
  | 'search'
  | 'checkout'
  | 'createAccountRedirect'
  | 'typeFeed'
  | 'more'
  | 'restaurantMap'
  | 'restaurant'
  | 'vouchers'
  | 'orders'
  | 'myWaitingLists'
  | 'profile'
  | 'faq'
  | 'about'
  | 'contact'
  | 'language'
  | 'myCategories'
  | 'guide'
  | 'devTest'
  | 'door';

export interface RouteFlags {
  settings: BrandSettings;
  /** Test or development build: shows the hidden test page. */
  testMode: boolean;
}

export interface RouteEntry {
  /** TanStack path syntax: `$name` captures a segment. */
  path: string;
  screen: ScreenName;
  enabled?: (flags: RouteFlags) => boolean;
  /** The navigator replaces this route by another after a moment (spec 2.3). */
  redirectTo?: string;
  /** Belongs to no tab's section even though it sits on a tab's stack (the tab bar highlights none). */
  outsideTabs?: true;
}

const offerTypes: readonly string[] = ['editorial', 'benefit', 'live'] satisfies OfferType[];

export const isOfferType = (value: string | undefined): value is OfferType => value !== undefined && offerTypes.includes(value);

/** Offer routes only match real offer types; anything else is a missing page. */
export const isOfferTypeParam = (params: Record<string, string>) => params.type === undefined || isOfferType(params.type);

const restaurant = (flags: RouteFlags) => flags.settings.restaurant;

/** Every route of the signed-in app (spec 2.3), in registration order. */
export const contentRoutes: RouteEntry[] = [
  { path: '/', screen: 'mixedFeed' },
  { path: '/$origin/$type/$id', screen: 'offer' },
  { path: '/$type/$id', screen: 'offer' },
  { path: '/search', screen: 'search' },
  { path: '/search/$type/$id', screen: 'offer' },
  { path: '/checkout', screen: 'checkout', outsideTabs: true },
  { path: '/createaccount', screen: 'createAccountRedirect', redirectTo: '/' },
  { path: '/createaccount/$referral_code', screen: 'createAccountRedirect', redirectTo: '/' },
  { path: '/editorial', screen: 'typeFeed', enabled: (f) => f.settings.showEditorial },
  { path: '/benefit', screen: 'typeFeed', enabled: (f) => f.settings.showBenefit },
  { path: '/live', screen: 'typeFeed', enabled: (f) => f.settings.showLive },
  { path: '/more', screen: 'more' },
  { path: '/more/restaurant', screen: 'restaurantMap', enabled: restaurant },
  { path: '/more/restaurant/s/$id', screen: 'restaurant', enabled: restaurant },
  { path: '/more/voucher', screen: 'vouchers' },
  { path: '/more/orderHistory', screen: 'orders' },
  { path: '/more/waitingLists', screen: 'myWaitingLists' },
  { path: '/more/userinfo', screen: 'profile' },
  { path: '/more/faq', screen: 'faq' },
  { path: '/more/about', screen: 'about' },
  { path: '/more/contact', screen: 'contact' },
  { path: '/more/language', screen: 'language' },
  { path: '/more/categories', screen: 'myCategories' },
  { path: '/more/guide', screen: 'guide' },
  { path: '/more/dev_test', screen: 'devTest', enabled: (f) => f.testMode },
  // Door staff's only tab (issue 43); a member sees the not-found page here (screens.tsx).
  { path: '/door', screen: 'door' },
];

/** Stacks in registration order; the first one takes paths whose first segment is no stack. */
export const contentStacks: { root: string; enabled?: (flags: RouteFlags) => boolean }[] = [
  { root: '/' },
  { root: '/editorial', enabled: (f) => f.settings.showEditorial },
  { root: '/benefit', enabled: (f) => f.settings.showBenefit },
  { root: '/live', enabled: (f) => f.settings.showLive },
  { root: '/search' },
  { root: '/more' },
  { root: '/door' },
];

/** What a signed-out visitor may open (spec 6): the feeds, search and offer pages; every other screen asks them to sign in. */
export const visitorScreens: ReadonlySet<ScreenName> = new Set<ScreenName>(['mixedFeed', 'offer', 'search', 'typeFeed', 'createAccountRedirect']);

/** The visitor's tabs: the public sections only (More and its pages are a member's). */
export const isVisitorStack = (path: string): boolean => !/^\/more(\/|$|\?)/.test(path);
