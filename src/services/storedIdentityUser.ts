/**
 * Whether firebase/auth has a signed-in user saved on this device, read without loading the SDK:
 * with none, nobody's session needs restoring and a visitor's first screen needs no identity SDK.
 * The SDK keeps the user under `firebase:authUser:<apiKey>:<appName>` in IndexedDB
 * (indexedDBLocalPersistence) or, where IndexedDB fails, in localStorage (browserLocalPersistence);
 * both are read, as the SDK itself looks in every persistence it was given.
 */

/** The firebase app of a brand's tenant (src/services/identity.ts names it so). */
export const identityAppName = (tenantId: string) => `klubb-${tenantId}`;

/** The start of the key of any user the SDK saved with this API key, whatever the app. */
export const storedUserKeyPrefix = (apiKey: string) => `firebase:authUser:${apiKey}:`;

// The SDK's own names (@firebase/auth, persistence/indexed_db.ts).
const dbName = 'firebaseLocalStorageDb';
const storeName = 'firebaseLocalStorage';

function storedInLocalStorage(prefix: string): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i)?.startsWith(prefix)) return true;
  } catch {
    // Storage refused (privacy settings): the SDK could not have saved there either.
  }
  return false;
}

function storedInIndexedDb(prefix: string): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(false);
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(dbName);
    } catch {
      return resolve(false);
    }
    // No database yet: nothing was saved. Aborting leaves none behind (the SDK makes its own).
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(false);
    request.onblocked = () => resolve(false);
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(storeName)) {
        db.close();
        return resolve(false);
      }
      const keys = db.transaction(storeName, 'readonly').objectStore(storeName).getAllKeys();
      keys.onsuccess = () => {
        db.close();
        resolve(keys.result.some((key) => typeof key === 'string' && key.startsWith(prefix)));
      };
      keys.onerror = () => {
        db.close();
        resolve(false);
      };
    };
  });
}

/** True when a user saved under a key starting with `prefix` is on this device. */
export async function hasStoredIdentityUser(prefix: string): Promise<boolean> {
  return storedInLocalStorage(prefix) || storedInIndexedDb(prefix);
}
