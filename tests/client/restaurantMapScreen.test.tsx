import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderRoute } from './routeHarness.tsx';
import { installGoogleMapsStub, mapSettings, restaurantApi, slussen, type GoogleMapsWorld } from './restaurantFixtures.ts';

/*
 * The restaurant map at /more/restaurant through the route table (lazy screen and wiring) over a
 * fake API and a stand-in of the Maps JavaScript API installed before the loader runs.
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
  world.held.length = 0;
  denyLocation();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function grantLocation(position = slussen) {
  const getCurrentPosition = vi.fn((ok: PositionCallback) => ok({ coords: { latitude: position.lat, longitude: position.lng } } as GeolocationPosition));
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

function denyLocation() {
  const getCurrentPosition = vi.fn((_: PositionCallback, fail?: PositionErrorCallback | null) =>
    fail?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
  );
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

/** Opens the map with the info pop-up already seen (the tests that are not about it). */
async function openMap(settings = mapSettings(), options: { infoSeen?: boolean; activeStack?: string } = {}) {
  const { infoSeen = true, activeStack } = options;
  if (infoSeen) localStorage.setItem('klubb.restaurantInfoSeen.aurora.uid-1', 'true');
  const served = restaurantApi(settings);
  const page = renderRoute('restaurantMap', '/more/restaurant', served.api, undefined, activeStack ? { activeStack } : {});
  await screen.findByRole('heading', { name: 'Restaurants', level: 1 });
  return { ...served, ...page };
}

const mapRegion = () => screen.findByRole('region', { name: 'Map of the restaurants' });

async function markersShown(count: number) {
  await mapRegion();
  await vi.waitFor(() => expect(world.shown()).toHaveLength(count));
  return world.shown();
}

describe('the restaurant map', () => {
  it('asks for the restaurants (limit 100) and the role’s map settings, and opens the map as the settings say', async () => {
    const { calls } = await openMap();
    await markersShown(3);
    expect(calls.sort()).toEqual(['/v1/get/brand/role/restaurant_maps_settings', '/v1/get_list/restaurant?limit=100']);
    const [map] = world.maps;
    expect(map!.options).toMatchObject({
      center: { lat: 59.3293, lng: 18.0686 },
      zoom: 12,
      mapId: 'test-map-id',
      zoomControl: true,
      mapTypeControl: false,
      streetViewControl: false,
      fullscreenControl: true,
    });
    expect(map!.element).toBe(screen.getByTestId('restaurant-map'));
  });

  it('places one 33×33 advanced marker per restaurant, titled with its name, when the map has a map id', async () => {
    await openMap();
    const markers = await markersShown(3);
    expect(markers.map((m) => m.title).sort()).toEqual(['Aster', 'Björkhagen Bistro', 'Mälarterrassen']);
    for (const marker of markers) {
      const content = (marker as unknown as { content: HTMLElement }).content;
      expect([content.style.width, content.style.height]).toEqual(['33px', '33px']);
      expect(screen.getByTestId('restaurant-map').contains(content)).toBe(true);
    }
    expect(markers.find((m) => m.title === 'Aster')!.position).toEqual({ lat: 59.38, lng: 18.04 });
  });

  it('places classic markers with a 33×33 icon when the map has no map id (advanced markers need one)', async () => {
    await openMap(mapSettings({ mapId: null }));
    const markers = await markersShown(3);
    expect(world.maps[0]!.options.mapId).toBeUndefined();
    for (const marker of markers) {
      const { icon } = (marker as unknown as { options: { icon: { scaledSize: { width: number; height: number } } } }).options;
      expect([icon.scaledSize.width, icon.scaledSize.height]).toEqual([33, 33]);
    }
  });

  it('a tapped marker shows its panel (name, address, the way to its page) and the map zooms in to 15 on it', async () => {
    const { pushed } = await openMap();
    const markers = await markersShown(3);
    act(() => markers.find((m) => m.title === 'Aster')!.tap());
    const panel = await screen.findByRole('region', { name: 'Aster' });
    expect(within(panel).getByText('Sankt Eriksgatan 48, 112 34 Stockholm')).toBeTruthy();
    const goTo = within(panel).getByRole('link', { name: 'Go to restaurant' });
    expect(goTo.getAttribute('href')).toBe('/more/restaurant/s/r-1');
    expect(document.activeElement).toBe(panel);
    const map = world.maps[0]!;
    expect(map.zoom).toBe(15);
    expect(map.center).toEqual({ lat: 59.38, lng: 18.04 });

    fireEvent.click(goTo);
    expect(pushed).toEqual(['/more/restaurant/s/r-1']);
  });

  it('zooms to at least 15: a map already closer stays as close; another marker moves the panel; Close closes it and focus goes back to the map', async () => {
    await openMap();
    const markers = await markersShown(3);
    const map = world.maps[0]!;
    map.zoom = 17;
    act(() => markers.find((m) => m.title === 'Mälarterrassen')!.tap());
    await screen.findByRole('region', { name: 'Mälarterrassen' });
    expect(map.zoom).toBe(17);
    act(() => markers.find((m) => m.title === 'Björkhagen Bistro')!.tap());
    await screen.findByRole('region', { name: 'Björkhagen Bistro' });
    expect(screen.queryByRole('region', { name: 'Mälarterrassen' })).toBeNull();
    expect(map.center).toEqual({ lat: 59.332, lng: 18.105 });
    fireEvent.click(within(screen.getByRole('region', { name: 'Björkhagen Bistro' })).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Björkhagen Bistro' })).toBeNull();
    // Focus goes back to the map, not to the page's start.
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Map of the restaurants' }));
    // The map and its markers stay as they were.
    expect(world.maps).toHaveLength(1);
    expect(world.shown()).toHaveLength(3);
  });

  it('shows the info pop-up by itself only the first time; the info button opens it again', async () => {
    await openMap(mapSettings(), { infoSeen: false });
    const dialog = await screen.findByRole('dialog', { name: 'The restaurant guide' });
    expect(dialog.textContent).toContain('Tap a marker');
    // Seen once shown: a member who leaves without closing it does not get it again.
    expect(localStorage.getItem('klubb.restaurantInfoSeen.aurora.uid-1')).toBe('true');
    cleanup();
    await openMap(mapSettings(), { infoSeen: false });
    await markersShown(3);
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    localStorage.clear();

    await openMap(mapSettings(), { infoSeen: false });
    fireEvent.keyDown(await screen.findByRole('dialog', { name: 'The restaurant guide' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('klubb.restaurantInfoSeen.aurora.uid-1')).toBe('true');

    cleanup();
    await openMap(mapSettings(), { infoSeen: false });
    await markersShown(3);
    expect(screen.queryByRole('dialog')).toBeNull();
    const info = screen.getByRole('button', { name: 'About the restaurant guide' });
    info.focus();
    fireEvent.click(info);
    const again = screen.getByRole('dialog', { name: 'The restaurant guide' });
    fireEvent.click(within(again).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(info);
  });

  it('the list button shows the same restaurants as a list, by name when the member does not share their location', async () => {
    const asked = denyLocation();
    await openMap();
    await markersShown(3);
    expect(asked).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Show list' }));
    const list = await screen.findByRole('list', { name: 'Restaurant list' });
    await screen.findByText('In alphabetical order');
    expect(asked).toHaveBeenCalledTimes(1);
    expect(within(list).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Aster', '/more/restaurant/s/r-1'],
      ['Björkhagen Bistro', '/more/restaurant/s/r-3'],
      ['Mälarterrassen', '/more/restaurant/s/r-2'],
    ]);
    expect(within(list).queryByText(/away$/)).toBeNull();
    // The map is kept (not made again) while the list shows.
    expect(screen.getByTestId('restaurant-map').closest('[hidden]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show map' }));
    expect(screen.queryByRole('list', { name: 'Restaurant list' })).toBeNull();
    expect(screen.getByTestId('restaurant-map').closest('[hidden]')).toBeNull();
    expect(world.maps).toHaveLength(1);
  });

  it('sorts the list nearest first, with each distance, when the member shares their location', async () => {
    grantLocation(slussen);
    await openMap();
    await markersShown(3);
    fireEvent.click(screen.getByRole('button', { name: 'Show list' }));
    await screen.findByText('Nearest first');
    const list = screen.getByRole('list', { name: 'Restaurant list' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Mälarterrassen', 'Björkhagen Bistro', 'Aster']);
    expect(rows.map((row) => within(row).getByText(/away$/).textContent)).toEqual(['20 m away', '2.3 km away', '7 km away']);
  });

  it('tells "Faild to load Google maps" after the first try and 3 retries, waiting errors·2^errors ms between; Try again loads it', async () => {
    world.mode = 'hold';
    await openMap();
    await vi.waitFor(() => expect(world.attempts).toBe(1));
    vi.useFakeTimers();
    await act(async () => world.release('down'));
    // Waits of 2, 8 and 24 ms (spec 9): nothing is tried a millisecond early.
    for (const [wait, attempt] of [[2, 2], [8, 3], [24, 4]] as const) {
      await act(() => vi.advanceTimersByTimeAsync(wait - 1));
      expect(world.attempts).toBe(attempt - 1);
      expect(screen.queryByRole('alert')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(world.attempts).toBe(attempt);
    }
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Faild to load Google maps')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(world.attempts).toBe(4);

    world.mode = 'up';
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try again' })));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(world.attempts).toBe(5);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(world.shown()).toHaveLength(3);
  });

  it('starts counting again after Try again: a second failure waits 2 ms again', async () => {
    world.mode = 'down';
    await openMap();
    const alert = await screen.findByRole('alert');
    expect(world.attempts).toBe(4);
    vi.useFakeTimers();
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try again' })));
    expect(world.attempts).toBe(5);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(world.attempts).toBe(5);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(world.attempts).toBe(6);
  });

  it('without a maps key, the first-visit help speaks of the list on screen, not of markers', async () => {
    await openMap(mapSettings({ apiKey: null }), { infoSeen: false });
    const help = await screen.findByRole('dialog', { name: 'The restaurant guide' });
    expect(help.textContent).toContain('Tap a restaurant in the list to go to its page');
    expect(help.textContent).not.toMatch(/marker|map/i);
  });

  it('without a maps key says plainly that there is no map and shows the list (no map library asked for)', async () => {
    await openMap(mapSettings({ apiKey: null }));
    expect(await screen.findByText('The map is not available for this brand. Here are the restaurants as a list.')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Restaurant list' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await screen.findByText('In alphabetical order');
    expect(screen.queryByRole('button', { name: 'Show map' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show list' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Map of the restaurants' })).toBeNull();
    expect(world.attempts).toBe(0);
  });

  it('says so when the brand has no restaurants yet', async () => {
    localStorage.setItem('klubb.restaurantInfoSeen.aurora.uid-1', 'true');
    const served = restaurantApi(mapSettings({ apiKey: null }));
    served.server.list = [];
    renderRoute('restaurantMap', '/more/restaurant', served.api);
    expect(await screen.findByText('There are no restaurants in the guide yet.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Restaurant list' })).toBeNull();
  });

  it('loads the map only while /more is the active stack (spec 2.1)', async () => {
    const { activateStack } = await openMap(mapSettings(), { activeStack: '/' });
    await screen.findByRole('button', { name: 'Show list' });
    expect(world.attempts).toBe(0);
    act(() => activateStack('/search'));
    expect(world.attempts).toBe(0);
    act(() => activateStack('/more'));
    await markersShown(3);
    expect(world.attempts).toBe(1);
  });

  it('a failed restaurant load is the full-page error with a retry that loads the guide', async () => {
    const served = restaurantApi();
    served.server.down = true;
    localStorage.setItem('klubb.restaurantInfoSeen.aurora.uid-1', 'true');
    renderRoute('restaurantMap', '/more/restaurant', served.api);
    expect(await screen.findByRole('heading', { name: 'Something went wrong', level: 1 })).toBeTruthy();
    expect(screen.getByText('Could not fetch the data just now. Please try again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact customer service' }).getAttribute('href')).toMatch(/^mailto:help@aurora\.test/);
    served.server.down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await markersShown(3);
    expect(screen.getByRole('heading', { name: 'Restaurants', level: 1 })).toBeTruthy();
  });

  it('keeps the restaurants and the map settings: a second visit asks the API nothing', async () => {
    const first = await openMap();
    await markersShown(3);
    expect(first.calls).toHaveLength(2);
    cleanup();
    const second = await openMap();
    await markersShown(3);
    expect(second.calls).toEqual([]);
  });
});

