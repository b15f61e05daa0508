import type { ComponentType } from 'react';
import type { ScreenName } from './routeTable.ts';
import { MixedFeedScreen } from '../screens/feed/MixedFeedScreen.tsx';
import { SearchScreen } from '../screens/search/SearchScreen.tsx';
import { TypeFeedScreen } from '../screens/typeFeed/TypeFeedScreen.tsx';
import { ComingSoonScreen } from '../screens/notFound/ComingSoonScreen.tsx';
import { NotFoundScreen } from '../screens/notFound/NotFoundScreen.tsx';
import { OfferScreen } from '../screens/offer/OfferScreen.tsx';
import { ProfileScreen } from '../screens/profile/ProfileScreen.tsx';
import { MoreScreen } from '../screens/more/MoreScreen.tsx';

export interface ScreenProps {
  params: Record<string, string>;
  /** The page's own path (e.g. /benefit), for screens shared by several routes. */
  path?: string;
}

/** Which view each route shows. Screens of later releases show the coming-soon page. */
export const screens: Record<ScreenName, ComponentType<ScreenProps>> = {
  mixedFeed: MixedFeedScreen,
  offer: OfferScreen,
  search: SearchScreen,
  checkout: ComingSoonScreen,
  // Shown for 10 ms before the navigator forwards to the start page.
  createAccountRedirect: () => null,
  typeFeed: TypeFeedScreen,
  more: MoreScreen,
  restaurantMap: ComingSoonScreen,
  restaurant: ComingSoonScreen,
  vouchers: ComingSoonScreen,
  orders: ComingSoonScreen,
  profile: ProfileScreen,
  faq: ComingSoonScreen,
  about: ComingSoonScreen,
  devTest: ComingSoonScreen,
};

export const MissingScreen = NotFoundScreen;
