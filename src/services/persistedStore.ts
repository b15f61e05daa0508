/** Where the app keeps everything it caches in local storage; sign-out clears what starts with it. */
export const cacheKeyPrefix = 'klubb.cache.';

export interface PersistedStoreOptions {
  /** The data lives under this key, its last-save time under `${key}.savedAt`. */
  key: string;
  /** How long a save stays valid; without it the data never expires. */
  ttlMs?: number;
  storage?: Storage;
  now?: () => number;
}

export interface PersistedStore<T> {
  /** The saved value, or undefined when there is none or it has expired (expired data is deleted). */
  read(): T | undefined;
  write(value: T): void;
  clear(): void;
}

const savedAtKey = (key: string) => `${key}.savedAt`;

/**
 * A value in local storage with a last-save timestamp and an optional time-to-live (spec 3).
 * Storage that is full, disabled or holds garbage reads as empty and never throws.
 */
export function persistedStore<T>({ key, ttlMs, storage, now = () => Date.now() }: PersistedStoreOptions): PersistedStore<T> {
  // Looked up on use: merely touching localStorage throws where storage is disabled.
  const local = () => storage ?? globalThis.localStorage;
  const clear = () => {
    try {
      local().removeItem(key);
      local().removeItem(savedAtKey(key));
    } catch {
      // Nothing stored where there is no storage.
    }
  };
  return {
    read() {
      try {
        const raw = local().getItem(key);
        if (raw === null) return undefined;
        const savedAt = Number(local().getItem(savedAtKey(key)));
        const expired = ttlMs !== undefined && (!Number.isFinite(savedAt) || now() - savedAt >= ttlMs || savedAt > now());
        if (expired) {
          clear();
          return undefined;
        }
        return JSON.parse(raw) as T;
      } catch {
        return undefined;
      }
    },
    write(value) {
      try {
        local().setItem(key, JSON.stringify(value));
        local().setItem(savedAtKey(key), String(now()));
      } catch {
        // A full or disabled storage only costs the cache.
      }
    },
    clear,
  };
}

/** Bumped by clearAll, so a load still running when the caches are cleared does not refill them. */
let generation = 0;

/** Deletes every stored key that starts with the prefix (data and timestamps alike). */
export function clearAll(prefix: string, storage?: Storage): void {
  generation += 1;
  try {
    const local = storage ?? globalThis.localStorage;
    const keys = Array.from({ length: local.length }, (_, i) => local.key(i)).filter(
      (key): key is string => key !== null && key.startsWith(prefix),
    );
    for (const key of keys) local.removeItem(key);
  } catch {
    // Nothing stored where there is no storage.
  }
}

/**
 * The stored value while it is valid (and `usable`, e.g. of the member now signed in), else the
 * loaded one, which is then stored.
 */
export async function readThrough<T>(store: PersistedStore<T>, load: () => Promise<T>, usable: (value: T) => boolean = () => true): Promise<T> {
  const cached = store.read();
  if (cached !== undefined && usable(cached)) return cached;
  const startedIn = generation;
  const value = await load();
  if (startedIn === generation) store.write(value);
  return value;
}
