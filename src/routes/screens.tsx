import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { visitorScreens, type ScreenName } from './routeTable.ts';
import { AppActor } from '../appActor.ts';
import { isVisitor } from '../screens/visitor/visitor.connect.ts';
import { SignInNeededScreen } from '../screens/visitor/SignInNeededScreen.tsx';
import { categoryOf, offerPlaceOf, restaurantIdOf, offerTypeOfPath, searchForCategory, searchForQuery, searchQueryOf, type RouteMatch } from './routeParams.ts';
import { useSetPageSearch } from '../navigation/pageSearch.ts';
import { Spinner } from '../components/Spinner.tsx';
import { withMessages } from '../i18n/i18n.ts';
import { MixedFeedScreen } from '../screens/feed/MixedFeedScreen.tsx';
import { SearchScreen } from '../screens/search/SearchScreen.tsx';
import { TypeFeedScreen } from '../screens/typeFeed/TypeFeedScreen.tsx';
import { NotFoundScreen } from '../screens/notFound/NotFoundScreen.tsx';
import { isDoorStaff } from '../screens/door/doorStaff.ts';
import { useNavigate } from '../navigation/navigation.ts';

/** A route's page: parses the match into the screen's typed props. */
function parsed<P extends object>(Screen: ComponentType<P>, parse: (match: RouteMatch) => P): ComponentType<RouteMatch> {
  const Page = (match: RouteMatch) => <Screen {...parse(match)} />;
  Page.displayName = `Route(${Screen.displayName ?? Screen.name})`;
  return Page;
}

const noProps = () => ({});

/** /search?q=…: the route reads the query from the address and writes what is typed back to it. */
function SearchRoute(match: RouteMatch) {
  const setSearch = useSetPageSearch();
  return <SearchScreen query={searchQueryOf(match)} onQueryChange={(query) => setSearch(searchForQuery(query))} />;
}

/** /{type}?category=…: the route reads the category filter from the address and writes a new one back. */
function TypeFeedRoute(match: RouteMatch) {
  const setSearch = useSetPageSearch();
  return (
    <TypeFeedScreen
      type={offerTypeOfPath(match.path)}
      categoryId={categoryOf(match)}
      onCategoryChange={(categoryId) => setSearch(searchForCategory(categoryId))}
    />
  );
}

// The offer page, More and the profile load on first use as well: a visitor's first screen is a feed.
const LazyOfferScreen = lazy(withMessages('content', () => import('../wiring/offer.wiring.ts').then((m) => ({ default: m.WiredOfferScreen }))));

function OfferRoute(match: RouteMatch) {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyOfferScreen place={offerPlaceOf(match)} />
    </Suspense>
  );
}

const LazyMoreScreen = lazy(withMessages('content', () => import('../wiring/more.wiring.ts').then((m) => ({ default: m.WiredMoreScreen }))));

function MoreRoute() {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyMoreScreen />
    </Suspense>
  );
}

const LazyProfileScreen = lazy(
  withMessages('content', () => import('../wiring/profile.wiring.ts').then((m) => ({ default: m.WiredProfileScreen }))),
);

function ProfileRoute() {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyProfileScreen />
    </Suspense>
  );
}

// Screens few members open load on first use: one chunk with the view and its wiring.
const LazyVouchersScreen = lazy(
  withMessages('content', () => import('../wiring/vouchers.wiring.ts').then((m) => ({ default: m.WiredVouchersScreen }))),
);

const LazyCheckoutScreen = lazy(
  withMessages('content', () => import('../wiring/checkout.wiring.ts').then((m) => ({ default: m.WiredCheckoutScreen }))),
);

function CheckoutRoute() {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyCheckoutScreen />
    </Suspense>
  );
}

const LazyOrdersScreen = lazy(
  withMessages('content', () => import('../wiring/orders.wiring.ts').then((m) => ({ default: m.WiredOrdersScreen }))),
);

function OrdersRoute() {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyOrdersScreen />
    </Suspense>
  );
}

const LazyMyWaitingListsScreen = lazy(
  withMessages('content', () => import('../wiring/myWaitingLists.wiring.ts').then((m) => ({ default: m.WiredMyWaitingListsScreen }))),
);

function MyWaitingListsRoute() {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyMyWaitingListsScreen />
    </Suspense>
  );
}

const LazyMyCategoriesScreen = lazy(
  withMessages('content', () => import('../wiring/myCategories.wiring.ts').then((m) => ({ default: m.WiredMyCategoriesScreen }))),
);

function MyCategoriesRoute() {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyMyCategoriesScreen />
    </Suspense>
  );
}

const LazyFaqScreen = lazy(
  withMessages('content', () => import('../wiring/faq.wiring.ts').then((m) => ({ default: m.WiredFaqScreen }))),
);

function FaqRoute() {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyFaqScreen />
    </Suspense>
  );
}

const LazyAboutScreen = lazy(
  withMessages('content', () => import('../wiring/about.wiring.ts').then((m) => ({ default: m.WiredAboutScreen }))),
);

function AboutRoute() {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyAboutScreen />
    </Suspense>
  );
}

const LazyDevTestScreen = lazy(
  withMessages('content', () => import('../wiring/devTest.wiring.ts').then((m) => ({ default: m.WiredDevTestScreen }))),
);

function DevTestRoute() {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyDevTestScreen />
    </Suspense>
  );
}

const LazyContactScreen = lazy(
  withMessages('content', () => import('../wiring/contact.wiring.ts').then((m) => ({ default: m.WiredContactScreen }))),
);

function ContactRoute() {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyContactScreen />
    </Suspense>
  );
}

const LazyRestaurantMapScreen = lazy(
  withMessages('content', () => import('../wiring/restaurantMap.wiring.ts').then((m) => ({ default: m.WiredRestaurantMapScreen }))),
);

function RestaurantMapRoute() {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyRestaurantMapScreen />
    </Suspense>
  );
}

const LazyRestaurantScreen = lazy(
  withMessages('content', () => import('../wiring/restaurant.wiring.ts').then((m) => ({ default: m.WiredRestaurantScreen }))),
);

function RestaurantRoute(match: RouteMatch) {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyRestaurantScreen {...restaurantIdOf(match)} />
    </Suspense>
  );
}

function VouchersRoute() {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyVouchersScreen />
    </Suspense>
  );
}

// Pages under More, like More itself.
const LazyGuidePage = lazy(withMessages('content', () => import('../wiring/guide.wiring.ts').then((m) => ({ default: m.WiredGuidePage }))));

function GuideRoute() {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyGuidePage />
    </Suspense>
  );
}

const LazyLanguageScreen = lazy(
  withMessages('content', () => import('../screens/language/LanguageScreen.tsx').then((m) => ({ default: m.LanguageScreen }))),
);

function LanguageRoute() {
  return (
    <Suspense fallback={<Spinner />}>
      <LazyLanguageScreen />
    </Suspense>
  );
}

// Door staff only (issue 43): its chunk brings the camera's decoder and jose with it, never a member's.
const LazyDoorScreen = lazy(withMessages('content', () => import('../wiring/door.wiring.ts').then((m) => ({ default: m.WiredDoorScreen }))));

/** /door: the door screen for door staff; anyone else finds no such page. */
function DoorRoute() {
  return AppActor.useSelector(isDoorStaff) ? (
    <Suspense fallback={<Spinner />}>
      <LazyDoorScreen />
    </Suspense>
  ) : (
    <NotFoundScreen />
  );
}

/** Door staff have no shop: their start page is the door. */
function DoorStaffStart() {
  const navigate = useNavigate();
  // Once, when the home shows.
  useEffect(() => void navigate('/door'), []);
  return null;
}

const MixedFeedPage = parsed(MixedFeedScreen, noProps);

function MixedFeedRoute(match: RouteMatch) {
  return AppActor.useSelector(isDoorStaff) ? <DoorStaffStart /> : <MixedFeedPage {...match} />;
}

/** A member's screen: a visitor is asked to sign in instead (the screen's code is not even loaded). */
function membersOnly(Screen: ComponentType<RouteMatch>): ComponentType<RouteMatch> {
  const Page = (match: RouteMatch) => (AppActor.useSelector(isVisitor) ? <SignInNeededScreen /> : <Screen {...match} />);
  Page.displayName = `MembersOnly(${Screen.displayName ?? Screen.name})`;
  return Page;
}

/** Which view each route shows. Screens of later releases show the coming-soon page. */
const allScreens: Record<ScreenName, ComponentType<RouteMatch>> = {
  mixedFeed: MixedFeedRoute,
  offer: OfferRoute,
  search: SearchRoute,
  checkout: CheckoutRoute,
  // Shown for 10 ms before the navigator forwards to the start page.
  createAccountRedirect: () => null,
  typeFeed: TypeFeedRoute,
  more: MoreRoute,
  restaurantMap: RestaurantMapRoute,
  restaurant: RestaurantRoute,
  vouchers: VouchersRoute,
  orders: OrdersRoute,
  myWaitingLists: MyWaitingListsRoute,
  profile: ProfileRoute,
  faq: FaqRoute,
  about: AboutRoute,
  contact: ContactRoute,
  language: LanguageRoute,
  myCategories: MyCategoriesRoute,
  guide: GuideRoute,
  devTest: DevTestRoute,
  door: DoorRoute,
};

export const screens = Object.fromEntries(
  Object.entries(allScreens).map(([name, Screen]) => [name, visitorScreens.has(name as ScreenName) ? Screen : membersOnly(Screen)]),
) as Record<ScreenName, ComponentType<RouteMatch>>;

export const MissingScreen = NotFoundScreen;
