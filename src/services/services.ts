import type { ApiClient } from '../api/client.ts';
import type { IdentityService } from './identity.ts';
import type { ContainerService } from './container.ts';
import type { Analytics } from './analytics.ts';

/**
 * What screen machines need from the outside world, made once by the composition root and
 * handed to the screens' wiring modules (src/wiring/), never to views.
 */
export interface Services {
  api: ApiClient;
  /** The brand tenant's identity provider; throws before the brand is loaded. */
  identity: () => IdentityService;
  /** The native container around the app (its bridge messages), or a plain browser's stand-in that has none. */
  container: ContainerService;
  /** The app's analytics events (POST /v1/a); screens' wiring tracks what the member does. */
  analytics: Analytics;
}
