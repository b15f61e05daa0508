import type { Executor } from '../db/database.ts';
import { readTogether } from '../db/readTogether.ts';
import { anyBrandHasMapsKey, outsideWidgetOrigins } from '../repositories/restaurants.repository.ts';

export interface OutsideSources {
  /** Hosts the app calls besides its own (an identity provider on another origin). */
  connectSources: string[];
  /** Stripe's embedded Checkout: its script, its frames and its API. */
  stripe: boolean;
  /** The restaurant guide's Google map: a deployment key or a brand's own. */
  googleMaps: boolean;
  /** Other providers' booking widgets that restaurant pages frame. */
  widgetOrigins: string[];
}

/**
 * What the guide needs from outside, read once at start: a brand's maps key or another provider's
 * booking widget added later takes effect after a restart.
 */
export async function restaurantGuideSources(db: Executor, deploymentMapsKey: string | null) {
  const [brandKey, widgetOrigins] = await readTogether(db, () => anyBrandHasMapsKey(db), () => outsideWidgetOrigins(db));
  return { googleMaps: deploymentMapsKey !== null || brandKey, widgetOrigins };
}

// Google's own policy for the Maps JavaScript API: it evaluates code it loads ('unsafe-eval') and
// draws tiles from workers, so these are allowed only where a map can be shown at all.
const googleMapsScripts = ['https://*.googleapis.com', 'https://*.gstatic.com', '*.google.com', "'unsafe-eval'"];
const googleMapsImages = ['https://*.googleapis.com', 'https://*.gstatic.com', '*.google.com', '*.googleusercontent.com'];
const googleMapsConnections = ['https://*.googleapis.com', '*.google.com', 'https://*.gstatic.com'];

/** The app's Content-Security-Policy directives beside helmet's defaults. */
export function contentSecurityDirectives(sources: OutsideSources) {
  const { stripe, googleMaps } = sources;
  return {
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      ...sources.connectSources,
      ...(stripe ? ['https://*.stripe.com'] : []),
      ...(googleMaps ? googleMapsImages : []),
    ],
    'script-src': ["'self'", ...(stripe ? ['https://js.stripe.com'] : []), ...(googleMaps ? googleMapsScripts : [])],
    // Click-to-load players on offer pages and the booking dialog; nothing is framed before the member asks for it.
    // An API on another origin serves our own booking widget there.
    'frame-src': [
      "'self'",
      ...sources.connectSources,
      'https://open.spotify.com',
      'https://www.youtube-nocookie.com',
      ...(stripe ? ['https://js.stripe.com', 'https://checkout.stripe.com'] : []),
      ...(googleMaps ? ['*.google.com'] : []),
      ...sources.widgetOrigins,
    ],
    'connect-src': [
      "'self'",
      ...sources.connectSources,
      ...(stripe ? ['https://api.stripe.com', 'https://checkout.stripe.com'] : []),
      ...(googleMaps ? googleMapsConnections : []),
    ],
    ...(googleMaps ? { 'worker-src': ["'self'", 'blob:'] } : {}),
    // The app is served over plain http on local hosts (aurora.localhost) too.
    'upgrade-insecure-requests': null,
  };
}
