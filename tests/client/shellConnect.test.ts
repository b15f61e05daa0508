import { describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { navigatorMachine } from '../../machines/navigator.machine.ts';
import type { NavigatorRef } from '../../src/appActor.ts';
import { connectShell, shellTabs } from '../../src/routes/shell.connect.ts';

/** The navigator's context as the shell reads it: which stack is shown, its pages, where the tab's history stands. */
function shellOn(active: string, depth: number, index: number) {
  const stacks = { '/': [{ path: '/' }], [active]: Array.from({ length: depth }, (_, i) => ({ path: `${active}/${i}` })) };
  const snapshot = { context: { active, stacks, index } } as unknown as SnapshotFrom<typeof navigatorMachine>;
  const navigator = { send: vi.fn() };
  const shell = connectShell(snapshot, navigator as unknown as NavigatorRef);
  return { shell, sent: navigator.send };
}

describe('the shell back button', () => {
  it('is there only above a stack root, and pops the stack', () => {
    expect(shellOn('/more', 1, 3).shell.canGoBack).toBe(false);
    const { shell, sent } = shellOn('/more', 2, 3);
    expect(shell.canGoBack).toBe(true);
    shell.back();
    expect(sent).toHaveBeenCalledWith({ type: 'nav.back' });
  });

  it('leads back from the search page to where the member came from in this tab', () => {
    const { shell, sent } = shellOn('/search', 1, 4);
    expect(shell.canGoBack).toBe(true);
    shell.back();
    expect(sent).toHaveBeenCalledWith({ type: 'nav.go', delta: -1 });
  });

  it('leads from a search page the tab started on to the feed', () => {
    const { shell, sent } = shellOn('/search', 1, 0);
    shell.back();
    expect(sent).toHaveBeenCalledWith({ type: 'nav.push', path: '/' });
  });

  it('pops a page opened from the search results like any other', () => {
    const { shell, sent } = shellOn('/search', 2, 5);
    shell.back();
    expect(sent).toHaveBeenCalledWith({ type: 'nav.back' });
  });
});

describe('the shell’s tabs', () => {
  const bar = [
    { key: 'mixedFeed', label: 'Home', icon: 'home', path: '/' },
    { key: 'more', label: 'More', icon: 'more', path: '/more' },
  ];

  it('add a Search tab before More on desktop when the brand’s bar has none', () => {
    expect(shellTabs(bar, 'desktop', 'Search').map((tab) => tab.path)).toEqual(['/', '/search', '/more']);
    expect(shellTabs(bar, 'desktop', 'Sök')[1]).toEqual({ key: 'search', label: 'Sök', icon: 'search', path: '/search' });
  });

  it('keep the brand’s own search entry, and leave the mobile bar as it is (the feed has its search field there)', () => {
    const withSearch = [bar[0]!, { key: 'search', label: 'Find', icon: 'search', path: '/search' }, bar[1]!];
    expect(shellTabs(withSearch, 'desktop', 'Search')).toEqual(withSearch);
    expect(shellTabs(bar, 'mobile', 'Search')).toEqual(bar);
  });
});
