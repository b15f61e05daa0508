import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedBrandRole, cachedUser, userCacheTtlMs } from '../../src/services/memberCache.ts';
import { cacheKeyPrefix, clearAll } from '../../src/services/persistedStore.ts';
import { loadMember } from '../../src/services/memberLoader.ts';
import { signOutReason } from '../../machines/app.rules.ts';
import { callErrorOf } from '../../machines/errorCode.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { testMember } from '../machines/fixtures.ts';

const { user, role } = testMember();

function sources(roleAnswer: () => Promise<typeof role>, userAnswer: () => Promise<typeof user> = async () => user) {
  const logged: string[] = [];
  return {
    logged,
    load: () =>
      loadMember({
        user: userAnswer,
        role: roleAnswer as () => Promise<NonNullable<typeof role>>,
        endsSession: (error) => signOutReason(callErrorOf(error)) !== null,
        log: (message) => void logged.push(message),
      }),
  };
}

describe('loading the member', () => {
  it('gives the user and the brand role', async () => {
    const { load, logged } = sources(async () => role);
    await expect(load()).resolves.toEqual({ user, role });
    expect(logged).toEqual([]);
  });

  it('only logs a role that could not be fetched: the member loads without it (spec 8)', async () => {
    const { load, logged } = sources(async () => {
      throw new ApiError(503, 'service_unavailable', 'down');
    });
    await expect(load()).resolves.toEqual({ user, role: null });
    expect(logged).toEqual(['Could not fetch the brand role']);
  });

  it('still ends the session when the API says the account has no role here', async () => {
    const { load } = sources(async () => {
      throw new ApiError(403, 'no_role_with_app_url', 'no role with app url');
    });
    await expect(load()).rejects.toMatchObject({ code: 'no_role_with_app_url' });
  });

  it('fails when the user cannot be loaded', async () => {
    const { load } = sources(
      async () => role,
      async () => {
        throw new ApiError(600, 'failed_to_fetch', 'Network Error');
      },
    );
    await expect(load()).rejects.toMatchObject({ code: 'failed_to_fetch' });
  });
});

describe('loading the member offline (docs/door.md: a reload keeps scanning offline)', () => {
  const doorRole = { ...role!, brandRoleId: 'door' };
  const unreachable = () => new ApiError(600, 'failed_to_fetch', 'Network Error');
  const load = (uid: string, answer: () => Promise<typeof doorRole>) =>
    loadMember({
      user: () => cachedUser(uid, async () => user),
      role: () => cachedBrandRole(uid, answer),
      endsSession: (error) => signOutReason(callErrorOf(error)) !== null,
      log: () => undefined,
    });
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('keeps the door role it saved online when the network is gone, even after the cache expired', async () => {
    await expect(load(user.id, async () => doorRole)).resolves.toMatchObject({ role: { brandRoleId: 'door' } });
    vi.setSystemTime(1_000_000 + userCacheTtlMs + 1);
    await expect(
      load(user.id, async () => {
        throw unreachable();
      }),
    ).resolves.toMatchObject({ role: { brandRoleId: 'door' } });
  });

  it('never gives another account the saved role, nor keeps it past sign-out', async () => {
    await load(user.id, async () => doorRole);
    const offline = async () => {
      throw unreachable();
    };
    await expect(load('someone-else', offline)).resolves.toMatchObject({ role: null });
    clearAll(cacheKeyPrefix);
    await expect(load(user.id, offline)).resolves.toMatchObject({ role: null });
  });

  it('takes a role the server answers anew once the saved one expired (a door role taken away)', async () => {
    await load(user.id, async () => doorRole);
    vi.setSystemTime(1_000_000 + userCacheTtlMs + 1);
    await expect(load(user.id, async () => ({ ...doorRole, brandRoleId: 'member' }))).resolves.toMatchObject({ role: { brandRoleId: 'member' } });
  });
});
