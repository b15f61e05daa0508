import type { BrandRole } from '../../contract/brand.ts';
import type { User } from '../../contract/user.ts';
import type { CategoryList } from '../../contract/offer.ts';
import { cacheKeyPrefix, persistedStore, readThrough } from './persistedStore.ts';

/**
 * The user and category caches (spec 3, 4): kept in the persisted store with a time-to-live and
 * under the cache prefix, so sign-out (and account deletion) clears them with the feeds.
 */
export const userCacheTtlMs = 5 * 60_000;
export const categoryCacheTtlMs = 30 * 60_000;

const userStore = persistedStore<User>({ key: `${cacheKeyPrefix}user`, ttlMs: userCacheTtlMs });

/** The signed-in member's user from the cache while valid and theirs, else loaded and cached. */
export const cachedUser = (uid: string | null, load: () => Promise<User>) => readThrough(userStore, load, (user) => user.id === uid);

/** What the API answered after a change (set-up, profile save) replaces the cached user. */
export const rememberUser = (user: User) => userStore.write(user);

export const forgetUser = () => userStore.clear();

/** The member's brand role, with whose it is: under the cache prefix, so sign-out clears it with the user. */
const brandRoleStore = persistedStore<{ uid: string; role: BrandRole }>({ key: `${cacheKeyPrefix}brandRole`, ttlMs: userCacheTtlMs });

/**
 * The signed-in member's brand role like their user: from the cache while valid and theirs, else
 * loaded and cached, and the last saved one when the network is down, so door staff reloading
 * offline still get /door (docs/door.md).
 */
export const rememberBrandRole = (uid: string, role: BrandRole) => brandRoleStore.write({ uid, role });

export const cachedBrandRole = async (uid: string | null, load: () => Promise<BrandRole>): Promise<BrandRole> =>
  (await readThrough(brandRoleStore, async () => ({ uid: uid ?? '', role: await load() }), (saved) => saved.uid === uid)).role;

/** The language the app shows (set on <html> with the catalog). */
const shownLanguage = () => globalThis.document?.documentElement.lang || 'en';

/** Categories per language: their names are the brand's texts in the member's language. */
export const cachedCategories = (load: () => Promise<CategoryList>, language = shownLanguage()) =>
  readThrough(persistedStore<CategoryList>({ key: `${cacheKeyPrefix}categories.${language}`, ttlMs: categoryCacheTtlMs }), load);
