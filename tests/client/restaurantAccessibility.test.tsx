import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import axe from 'axe-core';
import { renderRoute } from './routeHarness.tsx';
import { installGoogleMapsStub, mapSettings, restaurantApi, type GoogleMapsWorld } from './restaurantFixtures.ts';

/*
 * The restaurant screens in each of their states against axe's WCAG 2.0/2.1 A and AA rules.
 * jsdom lays nothing out, so colour contrast is left to the browser (e2e/accessibility.ts).
 */
let maps: GoogleMapsWorld;
beforeAll(() => {
  maps = installGoogleMapsStub();
});
afterEach(() => {
  cleanup();
  maps.mode = 'up';
});

async function violations() {
  const result = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
    // The booking widget's own page is another document (and jsdom cannot talk to it); its frame's title is checked here.
    iframes: false,
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the restaurant screens are axe clean', () => {
  it('the map with its info pop-up, a marker’s panel, and the list', async () => {
    renderRoute('restaurantMap', '/more/restaurant', restaurantApi().api);
    await screen.findByRole('dialog', { name: 'The restaurant guide' });
    expect(await violations()).toEqual([]);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await vi.waitFor(() => expect(maps.shown().length).toBeGreaterThan(0));
    act(() => maps.shown()[0]!.tap());
    await screen.findByRole('link', { name: 'Go to restaurant' });
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Show list' }));
    await screen.findByText('In alphabetical order');
    expect(await violations()).toEqual([]);
  });

  it('the map’s failure and the guide without a key', async () => {
    maps.mode = 'down';
    localStorage.setItem('klubb.restaurantInfoSeen.aurora.uid-1', 'true');
    renderRoute('restaurantMap', '/more/restaurant', restaurantApi().api);
    await screen.findByText('Faild to load Google maps');
    expect(await violations()).toEqual([]);
    cleanup();
    localStorage.clear();
    localStorage.setItem('klubb.restaurantInfoSeen.aurora.uid-1', 'true');
    renderRoute('restaurantMap', '/more/restaurant', restaurantApi(mapSettings({ apiKey: null })).api);
    await screen.findByText('In alphabetical order');
    expect(await violations()).toEqual([]);
  });

  it('a restaurant’s page, its booking dialog, and the not-found page', async () => {
    renderRoute('restaurant', '/more/restaurant/s/r-1', restaurantApi().api, undefined, { params: { id: 'r-1' } });
    await screen.findByRole('region', { name: 'Map of Aster' });
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Book a table' }));
    await screen.findByRole('dialog', { name: 'Book a table at Aster' });
    expect(await violations()).toEqual([]);
    cleanup();
    renderRoute('restaurant', '/more/restaurant/s/none', restaurantApi().api, undefined, { params: { id: 'none' } });
    await screen.findByText('Restaurant not found');
    expect(await violations()).toEqual([]);
  });
});
