import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { enMessages, svMessages } from '../catalogs.ts';
import userEvent from '@testing-library/user-event';
import { TabBar, type TabBarProps } from '../../../src/components/shell/TabBar.tsx';
import { renderWithI18n } from './renderWithI18n.tsx';

const entries: TabBarProps['entries'] = [
  { key: 'mixedFeed', label: 'Offers', icon: 'home', path: '/' },
  { key: 'hidden', label: '', icon: '', path: '/editorial' },
  { key: 'live', label: 'Live', icon: 'live', path: '/live' },
  { key: 'more', label: 'More', icon: 'more', path: '/more' },
];

function renderTabBar(props: Partial<TabBarProps> = {}) {
  const onSelect = vi.fn();
  renderWithI18n(
    <TabBar entries={entries} activeStack="/" topIsRoot placement="bottom" onSelect={onSelect} {...props} />,
  );
  return onSelect;
}

describe('TabBar', () => {
  it('is the main navigation with one real link per entry, skipping entries without label and icon', () => {
    renderTabBar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = screen.getAllByRole('link');
    expect(links.every((link) => nav.contains(link))).toBe(true);
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Offers', '/'],
      ['Live', '/live'],
      ['More', '/more'],
    ]);
  });

  it('marks the active stack as the current page on its root', () => {
    renderTabBar({ activeStack: '/live' });
    expect(screen.getByRole('link', { name: 'Live' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Offers' }).getAttribute('aria-current')).toBeNull();
  });

  it('marks the active stack as the current section below its root', () => {
    renderTabBar({ activeStack: '/more', topIsRoot: false });
    expect(screen.getByRole('link', { name: 'More' }).getAttribute('aria-current')).toBe('true');
  });

  it('names an icon-only entry by its section, in the member language', () => {
    renderTabBar({ entries: [{ key: 'search', label: '', icon: 'magnifier', path: '/search' }] });
    expect(screen.getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/search');
    cleanup();
    i18n.loadAndActivate({ locale: 'sv', messages: svMessages });
    onTestFinished(() => i18n.loadAndActivate({ locale: 'en', messages: enMessages }));
    renderTabBar({ entries: [{ key: 'more', label: '', icon: 'more', path: '/more' }, { key: 'x', label: '', icon: 'star', path: '/x' }] });
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('aria-label') ?? link.querySelector('svg')!.getAttribute('aria-label'))).toEqual(['Mer', 'star']);
  });

  it('calls onSelect and prevents the browser navigation on a plain click', async () => {
    const onSelect = renderTabBar();
    const link = screen.getByRole('link', { name: 'Live' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(onSelect).toHaveBeenCalledWith('/live');

    await userEvent.click(screen.getByRole('link', { name: 'More' }));
    expect(onSelect).toHaveBeenLastCalledWith('/more');
  });

  it('leaves modified clicks (new tab, new window) to the browser', () => {
    const onSelect = renderTabBar();
    const link = screen.getByRole('link', { name: 'Live' });
    // Records whether the app prevented the click, then stops jsdom's unimplemented navigation.
    const preventedByApp: boolean[] = [];
    const record = (event: MouseEvent) => {
      preventedByApp.push(event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', record);
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'] as const) {
      fireEvent.click(link, { [modifier]: true });
    }
    fireEvent.click(link, { button: 1 });
    document.removeEventListener('click', record);
    expect(preventedByApp).toEqual([false, false, false, false, false]);
    expect(onSelect).not.toHaveBeenCalled();
  });
});
