import { createContext, useContext } from 'react';
import type { ApiClient } from '../api/client.ts';
import type { IdentityService } from './identity.ts';

/**
 * What page-level machines need from the outside world, given by the composition root, so a
 * screen can start its own machine (e.g. one offer page) with real services behind it.
 */
export interface Services {
  api: ApiClient;
  /** The brand tenant's identity provider; throws before the brand is loaded. */
  identity: () => IdentityService;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ServicesContext is missing: render inside the composition root');
  return services;
}
