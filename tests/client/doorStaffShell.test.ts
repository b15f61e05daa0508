import { describe, expect, it, vi } from 'vitest';
import type { AppSnapshot } from '../../src/appActor.ts';
import { createResolver } from '../../src/routes/resolver.ts';
import { doorStaffTabs, shellTabs } from '../../src/routes/shell.connect.ts';
import { connectMore } from '../../src/screens/more/more.connect.ts';
import { isDoorStaff } from '../../src/screens/door/doorStaff.ts';
import { testBrand, testMember } from '../machines/fixtures.ts';

/*
 * Door staff in the app's frame (issue 43): the Door tab and the brand's More instead of the
 * shop's tabs, and a More without the member's pages; a member's frame is unchanged.
 */
const withRole = (brandRoleId: string) => {
  const member = testMember();
  return { ...member, role: { ...member.role!, brandRoleId } };
};

describe('door staff in the frame', () => {
  const brand = testBrand();

  it('are told apart by their brand role, door', () => {
    const snapshotOf = (member: ReturnType<typeof testMember> | null) => ({ context: { member } }) as unknown as AppSnapshot;
    expect(isDoorStaff(snapshotOf(withRole('door')))).toBe(true);
    expect(isDoorStaff(snapshotOf(withRole('member')))).toBe(false);
    expect(isDoorStaff(snapshotOf(null))).toBe(false);
  });

  it('get the Door tab and the brand’s More, nothing of the shop; a member keeps the brand’s bar', () => {
    const bar = [
      { key: 'mixedFeed', label: 'Home', icon: 'home', path: '/' },
      { key: 'live', label: 'Live', icon: 'live', path: '/live' },
      { key: 'more', label: 'Mer', icon: 'more', path: '/more' },
    ];
    expect(doorStaffTabs(bar, 'Door')).toEqual([
      { key: 'door', label: 'Door', icon: 'live', path: '/door' },
      { key: 'more', label: 'Mer', icon: 'more', path: '/more' },
    ]);
    expect(doorStaffTabs([], 'Door').map((tab) => tab.path)).toEqual(['/door', '/more']);
    expect(shellTabs(bar, 'mobile', 'Search')).toEqual(bar);
  });

  it('find /door a stack of its own; its page is chosen by role in the screens, not by the route', () => {
    const { resolve, stackRoots } = createResolver({ settings: brand.settings, testMode: false });
    expect(stackRoots).toContain('/door');
    expect(resolve('/door')).toMatchObject({ stack: '/door', routeId: '/door' });
  });

  it('see only the language and the brand’s pages on More; a member sees their own pages too', () => {
    const { resolve } = createResolver({ settings: brand.settings, testMode: false });
    const app = { send: vi.fn() };
    const tilesOf = (member: ReturnType<typeof testMember>) => connectMore(brand, member, resolve, app).tiles.map((tile) => tile.tile);
    expect(tilesOf(withRole('door'))).toEqual(['language', 'about', 'faq']);
    expect(tilesOf(withRole('member'))).toEqual(expect.arrayContaining(['voucher', 'orderHistory', 'userinfo', 'language']));
  });
});
