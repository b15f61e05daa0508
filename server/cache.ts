/**
 * A small in-process cache with a time-to-live, for data every request needs (brand, role,
 * account status, feed pages). Each instance keeps its own; entries expire, so several server
 * instances stay consistent within the TTL. Concurrent loads of one key share one query.
 */
/**
 * Feed pages and billboards are the same for every member (or every visitor) of a brand and
 * language: served from memory for 10 s (spec 9), pages as their serialised body with its ETag.
 */
export const feedCacheTtlMs = 10_000;

export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();
  private readonly loading = new Map<K, Promise<V>>();

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; now?: () => number },
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V): void {
    if (this.options.ttlMs <= 0) return;
    // Map keeps insertion order: the first key is the oldest entry.
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.options.ttlMs });
  }

  async getOrLoad(key: K, load: () => Promise<V>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const promise: Promise<V> = load()
      .then((value) => {
        // A load that began before `delete` may have read the old value: it is answered, not kept.
        if (this.loading.get(key) === promise) this.set(key, value);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  /** Forgets the key, and any load of it under way. */
  delete(key: K): void {
    this.entries.delete(key);
    this.loading.delete(key);
  }
}
