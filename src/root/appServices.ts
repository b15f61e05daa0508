import type { Brand } from '../../contract/brand.ts';
import type { ClientConfig } from '../config.ts';
import type { Services } from '../services/services.ts';
import type { IdentityService } from '../services/identity.ts';
import { createApiClient } from '../api/client.ts';
import { detectDeviceProfile, readDeviceInput } from '../domain/deviceProfile.ts';
import { createContainerService } from '../services/container.ts';
import { analyticsUrl, createAnalytics } from '../services/analytics.ts';
import { appVersion } from '../domain/appVersion.ts';
import { followContainerLinks } from '../services/containerLinks.ts';
import { createLazyIdentity } from '../services/lazyIdentity.ts';
import { hasStoredIdentityUser, storedUserKeyPrefix } from '../services/storedIdentityUser.ts';
import { createRejectionFeed } from '../services/tokenLife.ts';
import { setBrandLocality } from '../i18n/format.ts';

/** The services the app's children and the screens' wiring share, and what starts with the brand. */
export interface AppServices extends Services {
  /** The identity provider's token rejections (401s), for the session to hear. */
  rejections: ReturnType<typeof createRejectionFeed>;
  /** The loaded brand sets the page up: its locality, and its tenant's identity service. */
  startBrand: (brand: Brand) => Brand;
}

/**
 * The API client, the native container, analytics and the identity service, made once per page
 * load. The identity service exists once the brand (and so its tenant) is known.
 */
export function createAppServices(config: ClientConfig, appUrl: string): AppServices {
  let identity: IdentityService | null = null;
  const requireIdentity = () => {
    if (!identity) throw new Error('The identity service starts after the brand is loaded');
    return identity;
  };
  const storedUser = storedUserCheck(config.firebase.apiKey);
  const rejections = createRejectionFeed();
  const api = createApiClient({
    baseUrl: config.apiBase,
    appUrl,
    getIdToken: async () => identity?.getIdToken() ?? null,
    onUnauthorized: rejections.report,
  });
  const deviceProfile = detectDeviceProfile(readDeviceInput(window));
  const container = createContainerService({
    containerType: deviceProfile.device.containerType,
    serviceUrl: config.containerServiceUrl,
  });
  const analytics = createAnalytics({
    url: analyticsUrl(config.apiBase, appUrl),
    profile: deviceProfile,
    coreVersion: appVersion,
    getIdToken: async () => identity?.getIdToken() ?? null,
    log: config.development ? (message, detail) => console.warn(message, detail) : undefined,
  });
  followContainerLinks(window, deviceProfile.device.containerType);

  const startBrand = (brand: Brand) => {
    // Dates and amounts follow the brand's time zone and region from here on (one brand per page load).
    setBrandLocality(brand.settings);
    identity = createLazyIdentity({
      load: () => import('../services/identity.ts').then((m) => m.createIdentityService(config.firebase, brand.authTenantId ?? '')),
      hasStoredUser: () => storedUser.check(),
      onShown: onPageShown,
      log: (message, error) => console.warn(message, error),
    });
    return brand;
  };
  return { api, identity: requireIdentity, container, analytics, rejections, startBrand };
}

/**
 * Whether a session must be restored, asked once at start and again when the page is shown
 * after being hidden (another tab may have signed in). With a saved user the identity SDK's
 * chunk starts downloading at once, beside the brand, instead of after it.
 */
function storedUserCheck(apiKey: string) {
  let answer = hasStoredIdentityUser(storedUserKeyPrefix(apiKey));
  void answer.then((stored) => {
    // Only fetched here; a failure shows where the SDK is needed (src/services/lazyIdentity.ts).
    if (stored) import('../services/identity.ts').catch(() => {});
  });
  let stale = false;
  document.addEventListener('visibilitychange', () => void (stale ||= document.visibilityState === 'hidden'));
  return {
    check() {
      if (stale) {
        stale = false;
        answer = hasStoredIdentityUser(storedUserKeyPrefix(apiKey));
      }
      return answer;
    },
  };
}

function onPageShown(callback: () => void): () => void {
  const listener = () => document.visibilityState === 'visible' && callback();
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}
