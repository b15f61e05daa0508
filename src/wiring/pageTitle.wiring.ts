import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Brand } from '../../contract/brand.ts';
import { topOf } from '../../machines/navigator.rules.ts';
import type { NavPage } from '../../machines/navigator.machine.ts';
import type { AppRef, NavigatorRef } from '../appActor.ts';
import { contentRoutes, type ScreenName } from '../routes/routeTable.ts';

/** The title of each screen, as its heading says it; the feeds have none of their own (the brand's, or their tab's). */
const screenTitles: Record<Exclude<ScreenName, 'mixedFeed' | 'createAccountRedirect' | 'typeFeed'>, MessageDescriptor> = {
  offer: msg`Offer`,
  search: msg`Search`,
  checkout: msg`Checkout`,
  more: msg`More`,
  restaurantMap: msg`Restaurants`,
  restaurant: msg`Restaurant`,
  vouchers: msg`My promo codes`,
  orders: msg`My orders`,
  myWaitingLists: msg`My waiting lists`,
  profile: msg`Profile`,
  faq: msg`Frequently asked questions`,
  about: msg`About`,
  contact: msg`Contact us`,
  language: msg`Language`,
  myCategories: msg`My categories`,
  guide: msg`Step-by-step guide`,
  devTest: msg`Test page`,
  door: msg`Door`,
};

const screenOfRoute = new Map(contentRoutes.map((route) => [route.path, route.screen]));

/** "Page · Brand" for the page shown, or the brand's name alone on the feed. */
export function pageTitle(brand: Pick<Brand, 'name' | 'navigationBar'>, page: Pick<NavPage, 'routeId' | 'stack'>, i18n: I18n): string {
  const screen = page.routeId === null ? null : screenOfRoute.get(page.routeId);
  let title: string;
  if (screen === 'mixedFeed' || screen === 'createAccountRedirect') return brand.name;
  if (screen === undefined || screen === null) title = i18n._(msg`Page not found`);
  // A type feed's title is its tab's label (spec 2.3).
  else if (screen === 'typeFeed') title = brand.navigationBar.find((entry) => entry.path === page.stack)?.label ?? '';
  else title = i18n._(screenTitles[screen]);
  return title ? `${title} · ${brand.name}` : brand.name;
}

/**
 * Keeps the document's title on the page the member is on, in their language, while the content
 * shows; gives it back to the brand's name when they leave it (sign-out to the sign-in page).
 */
export function watchPageTitle(app: AppRef, navigator: NavigatorRef, i18n: I18n, setTitle: (title: string) => void): () => void {
  let shown: string | null = null;
  const show = () => {
    const { brand } = app.getSnapshot().context;
    if (!brand) return;
    const title = pageTitle(brand, topOf(navigator.getSnapshot().context), i18n);
    if (title !== shown) setTitle((shown = title));
  };
  show();
  const subscriptions = [app.subscribe(show), navigator.subscribe(show)];
  const stopLocale = i18n.on('change', show);
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe();
    stopLocale();
    const { brand } = app.getSnapshot().context;
    if (brand) setTitle(brand.name);
  };
}
