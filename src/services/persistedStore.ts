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
  /** The saved value, or undefined when there is none or it has expired. */
  read(): T | undefined;
  /**
   * The last saved value however old, for when the network is down (issue 26: the app opened
   * offline shows what it saved); undefined when there is none or it cannot be read.
   */
  readLastSaved(): T | undefined;
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
  const readLastSaved = (): T | undefined => {
    try {
      const raw = local().getItem(key);
      return raw === null ? undefined : (JSON.parse(raw) as T);
    } catch {
      return undefined;
    }
  };
  return {
    read() {
      try {
        if (local().getItem(key) === null) return undefined;
        const savedAt = Number(local().getItem(savedAtKey(key)));
        // Expired data stays as the last saved copy (readLastSaved) until it is replaced or cleared.
        const expired = ttlMs !== undefined && (!Number.isFinite(savedAt) || now() - savedAt >= ttlMs || savedAt > now());
        return expired ? undefined : readLastSaved();
      } catch {
        return undefined;
      }
    },
    readLastSaved,
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

/** A load that got no answer at all (spec 8: status 600, failed_to_fetch): the network is down. */
export const isUnreachable = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'failed_to_fetch';

/**
 * The stored value while it is valid (and `usable`, e.g. of the member now signed in), else the
 * loaded one, which is then stored. When the load gets no answer at all (the network is down,
 * not an error the server answered), the last saved value however old, if there is a usable one.
 */
export async function readThrough<T>(store: PersistedStore<T>, load: () => Promise<T>, usable: (value: T) => boolean = () => true): Promise<T> {
  const cached = store.read();
  if (cached !== undefined && usable(cached)) return cached;
  const startedIn = generation;
  let value: T;
  try {
    value = await load();
  } catch (error) {
    const saved = isUnreachable(error) ? store.readLastSaved() : undefined;
    if (saved !== undefined && usable(saved)) return saved;
    throw error;
  }
  if (startedIn === generation) store.write(value);
  return value;
}
