import { topOf } from '../../machines/navigator.rules.ts';
import type { AppRef, AppSnapshot, NavigatorRef } from '../appActor.ts';
import type { Analytics, AnalyticsContext } from '../services/analytics.ts';

/** Who the app's events are about now: the brand, the member (none for a visitor), the container. */
export function analyticsContextOf(snapshot: AppSnapshot): AnalyticsContext | null {
  const { brand, member, containerVersion } = snapshot.context;
  if (!brand) return null;
  return {
    brandId: brand.id,
    disabled: brand.settings.analyticsDisabled === true,
    userId: member?.user.id ?? null,
    brandRoleId: member?.role?.brandRoleId ?? null,
    legacyId: member?.role?.legacyId,
    container: containerVersion === 'pending' ? null : containerVersion,
  };
}

const sameContext = (a: AnalyticsContext | null, b: AnalyticsContext | null) =>
  a === b || (a !== null && b !== null && (Object.keys(a) as (keyof AnalyticsContext)[]).every((key) => Object.is(a[key], b[key])));

/**
 * While the content shows: the analytics follow the app (brand, member, container version) and
 * every page the navigator shows is a page view (spec 7, issue 27). Screens' own events (offer
 * opened, cart, checkout, ...) are tracked by their wiring modules.
 */
export function watchAnalytics(app: AppRef, navigator: NavigatorRef, analytics: Analytics): () => void {
  let context: AnalyticsContext | null = null;
  const follow = () => {
    const next = analyticsContextOf(app.getSnapshot());
    if (!sameContext(context, next)) analytics.setContext((context = next));
  };
  let shownKey: string | null = null;
  const pageView = () => {
    follow();
    const page = topOf(navigator.getSnapshot().context);
    if (page.key === shownKey || page.redirectTo !== undefined) return;
    shownKey = page.key;
    analytics.track('page_view', undefined, page.path || '/');
  };
  pageView();
  const subscriptions = [app.subscribe(follow), navigator.subscribe(pageView)];
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
}
