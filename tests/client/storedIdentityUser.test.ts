import { afterEach, describe, expect, it } from 'vitest';
import { hasStoredIdentityUser, identityAppName, storedUserKeyPrefix } from '../../src/services/storedIdentityUser.ts';

afterEach(() => localStorage.clear());

describe('a saved identity user, read without the SDK', () => {
  const prefix = storedUserKeyPrefix('klubb-local-key');

  it('is found under the key firebase/auth saves it with (browserLocalPersistence)', async () => {
    localStorage.setItem(`firebase:authUser:klubb-local-key:${identityAppName('aurora-tenant')}`, '{"uid":"u1"}');
    expect(await hasStoredIdentityUser(prefix)).toBe(true);
  });

  it('is not found for another API key, another kind of key, or an empty device', async () => {
    expect(await hasStoredIdentityUser(prefix)).toBe(false);
    localStorage.setItem('firebase:authUser:other-key:klubb-aurora-tenant', '{"uid":"u1"}');
    localStorage.setItem('firebase:persistence:klubb-local-key:klubb-aurora-tenant', 'LOCAL');
    expect(await hasStoredIdentityUser(prefix)).toBe(false);
  });
});
