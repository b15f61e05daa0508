import type { Brand } from '../../contract/brand.ts';
import { persistedStore } from './persistedStore.ts';

/**
 * The brand as last loaded on this device (spec 4: the brand is cached in persistent storage).
 * Online the app always asks the server; this copy only opens the app when the network is down.
 * Outside the cache prefix: it is the brand's, not the member's, so sign-out keeps it.
 */
const brandStore = persistedStore<Brand>({ key: 'klubb.brand' });

export const rememberBrand = (brand: Brand) => brandStore.write(brand);

/** The saved brand; rejects when this device has none (its first visit was never completed). */
export async function savedBrand(): Promise<Brand> {
  const brand = brandStore.readLastSaved();
  if (!brand) throw new Error('No brand saved on this device');
  return brand;
}
