import { lazy, Suspense, useContext, useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { Spinner } from '../components/Spinner.tsx';
import { BackButton, CartButton, CartDrawer, cartDrawerId, ContentFrame, DesktopFooter, TabBar, type CartButtonProps } from '../components/shell/index.ts';
import { AppActor, appChild, sameViewValues, WiringContext, type CartRef, type NavigatorRef } from '../appActor.ts';
import { cartCount } from '../screens/cart/cartCount.ts';
import { NavigatorContext } from '../navigation/navigation.ts';
import { StackedNavigator } from './StackedNavigator.tsx';
import { connectShell, doorStaffTabs, shellTabs } from './shell.connect.ts';
import { isDoorStaff } from '../screens/door/doorStaff.ts';
import { watchPageTitle } from '../wiring/pageTitle.wiring.ts';
import { watchAnalytics } from '../wiring/analytics.wiring.ts';
import { i18n, withMessages } from '../i18n/i18n.ts';
import * as styles from './shell.css.ts';
import { connectVisitor } from '../screens/visitor/visitor.connect.ts';
import { SignInDialog } from '../screens/visitor/SignInDialog.tsx';
import * as visitorStyles from '../screens/visitor/visitor.css.ts';

// The drawer's content downloads when the cart is first opened, not with the first page.
// Imported when a visitor starts a BankID order, not with the shell: its module is shared with the auth routes.
const loadBankIdOrder = () => import('../wiring/loadBankIdOrder.ts').then((m) => m.loadBankIdOrder());
// A member's first visit only: a visitor's first load does without it.
const GuideDialog = lazy(
  withMessages('content', () => import('../wiring/guide.wiring.ts').then((m) => ({ default: m.WiredGuideDialog }))),
);
const CartView = lazy(
  withMessages('content', () => import('../screens/cart/CartView.tsx').then((m) => ({ default: m.CartView }))),
);

/** The signed-in frame (spec 2.1, 2.3): tabs, back button, cart, and the stacked pages. */
export function ContentShell() {
  const navigatorRef = AppActor.useSelector((s) => appChild(s, 'navigator'));
  const app = AppActor.useActorRef();
  // The browser tab's title follows the page shown (the wiring subscribes to the navigator).
  useEffect(() => navigatorRef && watchPageTitle(app, navigatorRef, i18n, (title) => void (document.title = title)), [app, navigatorRef]);
  // Page views and who the app's analytics events are about (the wiring subscribes to both actors).
  const analytics = useContext(WiringContext)?.analytics;
  useEffect(() => (navigatorRef && analytics ? watchAnalytics(app, navigatorRef, analytics) : undefined), [app, navigatorRef, analytics]);
  return navigatorRef ? (
    <NavigatorContext.Provider value={navigatorRef}>
      <Shell navigatorRef={navigatorRef} />
    </NavigatorContext.Provider>
  ) : null;
}

function Shell({ navigatorRef }: { navigatorRef: NavigatorRef }) {
  const { t } = useLingui();
  const brand = AppActor.useSelector((s) => s.context.brand);
  const app = AppActor.useActorRef();
  const visitor = AppActor.useSelector((s) => connectVisitor(s, app), sameViewValues);
  const doorStaff = AppActor.useSelector(isDoorStaff);
  const layout = AppActor.useSelector((s) => s.context.layout);
  const shell = useSelector(navigatorRef, (s) => connectShell(s, navigatorRef), sameViewValues);
  // Open or closed is view state only; the cart's content and count come with the cart machine.
  const [cartOpen, setCartOpen] = useState(false);
  const cartRef = AppActor.useSelector((s) => appChild(s, 'cart'));
  const desktop = layout === 'desktop';
  const tabs = (
    <TabBar
      entries={
        doorStaff ? doorStaffTabs(brand?.navigationBar ?? [], t`Door`) : shellTabs(brand?.navigationBar ?? [], layout, t`Search`, visitor.visitor)
      }
      activeStack={shell.active}
      topIsRoot={shell.atRoot}
      icons={brand?.icons}
      placement={desktop ? 'top' : 'bottom'}
      onSelect={shell.go}
    />
  );
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <BackButton canGoBack={shell.canGoBack} onBack={shell.back} icons={brand?.icons} />
        {desktop && tabs}
        <div className={styles.actions}>
          {visitor.visitor ? (
            <button type="button" className={visitorStyles.signInButton} aria-haspopup="dialog" onClick={visitor.signIn}>
              {t`Sign in`}
            </button>
          ) : doorStaff ? null : (
            // Sign-out lives on More only (spec 2.3): not one tap away beside the cart.
            <CartBadgeButton cartRef={cartRef} expanded={cartOpen} onOpen={() => setCartOpen(true)} drawerId={cartDrawerId} icons={brand?.icons} />
          )}
        </div>
      </header>
      <ContentFrame layout={layout}>
        <StackedNavigator navigatorRef={navigatorRef} />
      </ContentFrame>
      {desktop ? (
        <DesktopFooter
          onAbout={() => shell.go('/more/about')}
          onFaq={() => shell.go('/more/faq')}
          copyright={t`© ${new Date().getFullYear()} ${brand?.name ?? ''}`}
        />
      ) : (
        tabs
      )}
      {/* A member's first visit on this device: the step-by-step guide over the app. */}
      {!visitor.visitor && !doorStaff && (
        <Suspense fallback={null}>
          <GuideDialog />
        </Suspense>
      )}
      <SignInDialog loadBankIdOrder={loadBankIdOrder} />
      <CartDrawer open={cartOpen} onClose={() => setCartOpen(false)} id={cartDrawerId}>
        {cartRef ? (
          <Suspense fallback={<Spinner />}>
            <CartView
              cartRef={cartRef}
              onCheckout={() => {
                setCartOpen(false);
                shell.go('/checkout');
              }}
            />
          </Suspense>
        ) : (
          <p>{t`Your cart is empty`}</p>
        )}
      </CartDrawer>
    </div>
  );
}

/** The cart button with the cart's count on its badge. */
function CartBadgeButton({ cartRef, ...props }: { cartRef: CartRef | undefined } & Omit<CartButtonProps, 'count'>) {
  const count = useSelector(cartRef, (s) => (s ? cartCount(s) : 0));
  return <CartButton count={count} {...props} />;
}
