import type { ApiClient } from '../api/client.ts';
import type { IdentityService } from './identity.ts';

/**
 * What screen machines need from the outside world, made once by the composition root and
 * handed to the screens' wiring modules (src/wiring/), never to views.
 */
export interface Services {
  api: ApiClient;
  /** The brand tenant's identity provider; throws before the brand is loaded. */
  identity: () => IdentityService;
}
