import { lazy, Suspense, useLayoutEffect } from 'react';
import { contentRoutes } from './contentRoutes.ts';
import { Spinner } from './components/Spinner.tsx';
import { withMessages } from './i18n/i18n.ts';
import { applyBrandTheme } from './theme/index.ts';
import { AppActor, phaseOf } from './appActor.ts';
import { ErrorScreen } from './screens/error/ErrorScreen.tsx';
import { OfflineNotice } from './components/OfflineNotice.tsx';
import { ForceUpdateScreen } from './screens/forceUpdate/ForceUpdateScreen.tsx';
import { wireAuthRoutes } from './wiring/authRoutes.wiring.ts';
import * as styles from './app.css.ts';

const AuthRoutes = lazy(withMessages('auth', () => import('./routes/AuthRoutes.tsx')));
// Wired here, not in a chunk of its own: it is two functions the first load has anyway.
const authRoutes = wireAuthRoutes();
const ContentRoutes = contentRoutes.Component;
// Only new members see set-up: its code is loaded when they get there.
const SetUpScreen = lazy(
  withMessages('auth', () => import('./screens/setUp/SetUpScreen.tsx').then((m) => ({ default: m.SetUpScreen }))),
);

/** Picks the screen set from the app phase and gives it the brand's theme. */
export function App() {
  const phase = AppActor.useSelector(phaseOf);
  const app = AppActor.useActorRef();
  const browsingAllowed = AppActor.useSelector((s) => s.context.brand?.settings.visitorBrowsing === true);
  const theme = AppActor.useSelector((s) => s.context.brand?.theme.light);
  // On <html>, so the page background, overscroll and dialogs in portals get the brand too. Until the
  // brand loads, the HTML shell's inline style (or the stylesheet's neutral theme) holds: never the
  // neutral theme over the brand's first paint.
  useLayoutEffect(() => {
    if (theme) applyBrandTheme(document.documentElement, theme);
  }, [theme]);
  return (
    <div className={styles.root}>
      <Suspense fallback={<Spinner fullscreen />}>
        {phase === 'loading' && <Spinner fullscreen />}
        {phase === 'auth' && <AuthRoutes {...authRoutes} onBrowse={browsingAllowed ? () => app.send({ type: 'app.browse' }) : undefined} />}
        {phase === 'setUp' && <SetUpScreen />}
        {phase === 'content' && <ContentRoutes />}
        {phase === 'forceUpdate' && <ForceUpdateScreen />}
        {phase === 'error' && <ErrorScreen />}
      </Suspense>
      <OfflineNotice />
    </div>
  );
}
