import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import { renderRoute } from './routeHarness.tsx';
import { enMessages } from './catalogs.ts';
import { installGoogleMapsStub, mapSettings, restaurantApi, type GoogleMapsWorld } from './restaurantFixtures.ts';

/*
 * A restaurant's page at /more/restaurant/s/:id through the route table over a fake API and a
 * stand-in of the Maps JavaScript API.
 */
let world: GoogleMapsWorld;
beforeAll(() => {
  world = installGoogleMapsStub();
});
beforeEach(() => {
  world.mode = 'up';
  world.attempts = 0;
  world.maps.length = 0;
  world.markers.length = 0;
});
afterEach(() => {
  cleanup();
  act(() => i18n.loadAndActivate({ locale: 'en', messages: enMessages }));
});

async function openRestaurant(id: string, settings = mapSettings()) {
  const served = restaurantApi(settings);
  const page = renderRoute('restaurant', `/more/restaurant/s/${id}`, served.api, undefined, { params: { id } });
  await screen.findByRole('main');
  return { ...served, ...page };
}

const fact = (term: string) => {
  const dt = screen.queryAllByRole('term').find((el) => el.textContent === term);
  return dt ? (dt.nextElementSibling as HTMLElement) : null;
};

describe('a restaurant’s page', () => {
  it('shows the name, description, address as a search link (name, city, country), phone as tel: and the home page', async () => {
    const { calls } = await openRestaurant('r-1');
    expect(await screen.findByRole('heading', { name: 'Aster', level: 1 })).toBeTruthy();
    expect(calls).toContain('/v1/get/restaurant?id=r-1');
    expect(screen.getByText('Seasonal Nordic plates by the water.')).toBeTruthy();
    const address = within(fact('Address')!).getByRole('link', { name: 'Sankt Eriksgatan 48, 112 34 Stockholm' });
    expect(address.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=Aster%2C+Stockholm%2C+Sverige');
    expect(address.getAttribute('target')).toBe('_blank');
    expect(within(fact('Phone')!).getByRole('link', { name: '+46 8 555 010 00' }).getAttribute('href')).toBe('tel:+46855501000');
    expect(within(fact('Home page')!).getByRole('link', { name: 'example.com' }).getAttribute('href')).toBe('https://www.example.com/');
  });

  it('links the address to the brand’s own map link when the restaurant has one', async () => {
    await openRestaurant('r-3');
    await screen.findByRole('heading', { name: 'Björkhagen Bistro', level: 1 });
    expect(within(fact('Address')!).getByRole('link').getAttribute('href')).toBe('https://maps.example.com/bjorkhagen');
  });

  it('leaves out the phone without a number, the home page without one, and the booking button without a widget', async () => {
    await openRestaurant('r-2');
    await screen.findByRole('heading', { name: 'Mälarterrassen', level: 1 });
    expect(fact('Address')).not.toBeNull();
    expect(fact('Phone')).toBeNull();
    expect(fact('Home page')).toBeNull();
    expect(screen.queryByRole('link', { name: /^tel:/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Book a table' })).toBeNull();
  });

  it('heads the page with the map at zoom 15 on the restaurant, its one marker not tappable', async () => {
    await openRestaurant('r-1');
    await screen.findByRole('region', { name: 'Map of Aster' });
    await vi.waitFor(() => expect(world.shown()).toHaveLength(1));
    expect(world.maps[0]!.options).toMatchObject({ center: { lat: 59.38, lng: 18.04 }, zoom: 15, mapId: 'test-map-id' });
    const [marker] = world.shown();
    expect(marker!.title).toBe('Aster');
    expect((marker as unknown as { gmpClickable: boolean }).gmpClickable).toBe(false);
    expect(screen.queryByTestId('restaurant-plain-header')).toBeNull();
  });

  it('has a plain header without a maps key (no library asked for), and when the library does not load after its 3 retries', async () => {
    await openRestaurant('r-1', mapSettings({ apiKey: null }));
    await screen.findByRole('heading', { name: 'Aster', level: 1 });
    expect(await screen.findByTestId('restaurant-plain-header')).toBeTruthy();
    expect(world.attempts).toBe(0);
    cleanup();
    localStorage.clear();

    world.mode = 'down';
    await openRestaurant('r-1');
    await vi.waitFor(() => expect(world.attempts).toBe(4));
    expect(await screen.findByTestId('restaurant-plain-header')).toBeTruthy();
    expect(world.attempts).toBe(4);
    expect(screen.queryByRole('region', { name: 'Map of Aster' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens the booking widget in a titled dialog in the app’s language; Escape and Close close it and give focus back', async () => {
    const user = userEvent.setup({ delay: null });
    await openRestaurant('r-1');
    const book = await screen.findByRole('button', { name: 'Book a table' });
    await user.click(book);
    const dialog = screen.getByRole('dialog', { name: 'Book a table at Aster' });
    const widget = within(dialog).getByTitle('Table booking at Aster');
    expect(widget.tagName).toBe('IFRAME');
    expect(widget.getAttribute('src')).toBe('/booking/aurora/r-1?lang=en');
    // Focus moves in (to its close button) and the page behind is inert.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    expect(book.closest('[inert]')).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(book);

    await user.click(book);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(book);
  });

  it('keeps focus in the booking dialog when Tab leaves the widget’s frame, and Shift+Tab from Close reaches the frame', async () => {
    const user = userEvent.setup({ delay: null });
    await openRestaurant('r-1');
    await user.click(await screen.findByRole('button', { name: 'Book a table' }));
    const dialog = screen.getByRole('dialog', { name: 'Book a table at Aster' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const widget = within(dialog).getByTitle('Table booking at Aster');
    // Tab from the frame's last field: the browser moves focus to what follows the frame (the
    // trap's keydown cannot see inside a cross-origin frame); that must send it to Close.
    const after = widget.nextElementSibling as HTMLElement;
    expect(after).not.toBeNull();
    act(() => after.focus());
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(widget);
  });

  it('keeps the header map’s marker while the booking dialog opens and closes (markers are made once)', async () => {
    const user = userEvent.setup({ delay: null });
    await openRestaurant('r-1');
    await screen.findByRole('region', { name: 'Map of Aster' });
    await vi.waitFor(() => expect(world.shown()).toHaveLength(1));
    const marker = world.shown()[0];
    await user.click(screen.getByRole('button', { name: 'Book a table' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(world.markers).toHaveLength(1);
    expect(world.shown()).toEqual([marker]);
  });

  it('gives the widget the language the app shows', async () => {
    const { svMessages } = await import('./catalogs.ts');
    act(() => i18n.loadAndActivate({ locale: 'sv', messages: svMessages }));
    const user = userEvent.setup({ delay: null });
    await openRestaurant('r-1');
    await user.click(await screen.findByRole('button', { name: 'Boka bord' }));
    expect(screen.getByRole('dialog').querySelector('iframe')!.getAttribute('src')).toBe('/booking/aurora/r-1?lang=sv');
  });

  it('an unknown restaurant is the full-page error, with no retry', async () => {
    const { calls } = await openRestaurant('nope');
    expect(await screen.findByText('Restaurant not found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This restaurant is not in the guide');
    expect(screen.getByRole('link', { name: 'Contact customer service' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(calls).toEqual(['/v1/get/restaurant?id=nope']);
  });

  it('a failed load is the full-page error with a retry that loads the page', async () => {
    const served = restaurantApi();
    served.server.down = true;
    renderRoute('restaurant', '/more/restaurant/s/r-1', served.api, undefined, { params: { id: 'r-1' } });
    expect(await screen.findByRole('heading', { name: 'Something went wrong', level: 1 })).toBeTruthy();
    served.server.down = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Aster', level: 1 })).toBeTruthy();
  });

  it('takes the restaurant from the cached list when the map loaded it', async () => {
    const served = restaurantApi();
    localStorage.setItem('klubb.restaurantInfoSeen.aurora.uid-1', 'true');
    renderRoute('restaurantMap', '/more/restaurant', served.api);
    await screen.findByRole('button', { name: 'Show list' });
    cleanup();
    const { calls } = await openRestaurant('r-3');
    expect(await screen.findByRole('heading', { name: 'Björkhagen Bistro', level: 1 })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
