import type { StoredDoor } from '../../machines/doorScan.rules.ts';
import { persistedStore } from './persistedStore.ts';

/**
 * What a door device keeps across reloads, per brand: the door's name, and the evening's pack
 * with the admissions not yet synced. Not under the caches' prefix: signing out must not lose
 * admissions the server has not heard of.
 */
export function doorDeviceStore(brandId: string, storage?: Storage) {
  const name = persistedStore<string>({ key: `klubb.door.${brandId}.name`, ...(storage ? { storage } : {}) });
  const evening = persistedStore<StoredDoor>({ key: `klubb.door.${brandId}.evening`, ...(storage ? { storage } : {}) });
  return {
    read: () => ({ door: name.readLastSaved() ?? '', stored: evening.readLastSaved() ?? null }),
    write(door: string, stored: StoredDoor | null) {
      if (door) name.write(door);
      if (stored) evening.write(stored);
      else evening.clear();
    },
  };
}
