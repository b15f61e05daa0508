import type { DoorPack } from '../../contract/door.ts';
import type { PendingCheckIn, StoredDoor } from '../../machines/doorScan.rules.ts';
import { cacheKeyPrefix, persistedStore } from './persistedStore.ts';

/** A pack whose evening started longer ago than this is dropped (holders' names) once nothing waits to sync. */
export const packKeptMs = 24 * 60 * 60_000;

interface StoredPending {
  eveningId: string;
  pending: PendingCheckIn[];
}

const byTicket = (entries: readonly PendingCheckIn[]) => new Set(entries.map((entry) => entry.ticketId));

/**
 * What a door device keeps across reloads, per brand: its id and the door's name; the evening's
 * pack under the caches' prefix (holders' names: sign-out clears it); the admissions not yet
 * synced under a key of their own, not under the caches' prefix (sign-out must not lose what the
 * server has not heard of, and a pack too big for the storage must not cost them).
 */
/** A random id; randomUUID only exists in secure contexts, getRandomValues everywhere. */
const randomDeviceId = () =>
  globalThis.crypto.randomUUID?.() ?? Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

export function doorDeviceStore(brandId: string, { storage, now = () => Date.now(), newId = randomDeviceId }: { storage?: Storage; now?: () => number; newId?: () => string } = {}) {
  const local = () => storage ?? globalThis.localStorage;
  const at = (key: string) => persistedStore<string>({ key: `klubb.door.${brandId}.${key}`, ...(storage ? { storage } : {}) });
  const name = at('name');
  const device = at('deviceId');
  const pack = persistedStore<DoorPack>({ key: `${cacheKeyPrefix}door.${brandId}.pack`, ...(storage ? { storage } : {}) });
  const pendingKey = `klubb.door.${brandId}.pending`;
  const readPending = (): StoredPending | null => {
    try {
      const raw = local().getItem(pendingKey);
      return raw === null ? null : (JSON.parse(raw) as StoredPending);
    } catch {
      return null;
    }
  };
  // What this tab last read or wrote: an entry stored since then (another tab's) is kept on write.
  let known: StoredPending | null = null;
  return {
    /** This device's id, made on its first door visit and kept (also through sign-out). */
    deviceId(): string {
      const saved = device.readLastSaved();
      if (saved) return saved;
      const made = newId();
      device.write(made);
      return made;
    },
    read(): { door: string; stored: StoredDoor | null } {
      // Before pending and pack had keys of their own, both were kept together, names included.
      persistedStore({ key: `klubb.door.${brandId}.evening`, ...(storage ? { storage } : {}) }).clear();
      known = readPending();
      let saved = pack.readLastSaved() ?? null;
      const pending = known?.pending ?? [];
      if (saved && known && pending.length > 0 && saved.evening.eveningId !== known.eveningId) saved = null;
      if (saved && pending.length === 0 && now() - Date.parse(saved.evening.startsAt) > packKeptMs) {
        pack.clear();
        saved = null;
      }
      const eveningId = pending.length > 0 ? known!.eveningId : saved?.evening.eveningId;
      return { door: name.readLastSaved() ?? '', stored: eveningId ? { eveningId, pack: saved, pending } : null };
    },
    /** Keeps the door's state; false when the pending admissions could not be saved (storage full or off). */
    write(door: string, stored: StoredDoor | null): boolean {
      if (door) name.write(door);
      if (stored?.pack) pack.write(stored.pack);
      else pack.clear();
      const current = readPending();
      const mine = stored?.pending ?? [];
      const eveningId = stored?.eveningId ?? current?.eveningId ?? '';
      // Another tab's admissions (stored since this tab last looked, of the same evening) are kept.
      const base = byTicket(known?.pending ?? []);
      const theirs = current && current.eveningId === eveningId ? current.pending.filter((entry) => !base.has(entry.ticketId) && !byTicket(mine).has(entry.ticketId)) : [];
      if (current && current.eveningId !== eveningId && mine.length === 0 && current.pending.some((entry) => !base.has(entry.ticketId))) return true;
      const next = { eveningId, pending: [...mine, ...theirs] };
      try {
        local().setItem(pendingKey, JSON.stringify(next));
        known = next;
        return true;
      } catch {
        return false;
      }
    },
  };
}
