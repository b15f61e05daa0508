import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTAURANT_ERRORS, type Restaurant, type RestaurantMapSettings } from '../../contract/restaurant.ts';
import { brandRoles, brands, restaurantMapSettings, restaurants } from '../../server/db/schema/index.ts';
import { aurora, borealis } from '../../server/db/seed/brands.ts';
import { seedRestaurants } from '../../server/db/seed/restaurants.ts';
import { memberCacheTtl } from '../../server/plugins/memberContext.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand, makeMember } from './support/factories.ts';

/*
 * The restaurant guide's three calls over the demo brands' seeded guides, a brand with the guide
 * switched off, and one that set no map view. Members sign in as the app does.
 */
let t: TestApp;
let clock = Date.now();
const tokens: Record<string, string> = {};
const appUrls = { aurora: 'http://aurora.localhost:8080', borealis: 'http://borealis.localhost:8080', closed: 'http://closed.localhost', unmapped: 'http://unmapped.localhost' };

async function memberWithRole(brand: { id: string; authTenantId: string }, email: string, brandRoleId = 'member') {
  const uid = await makeMember(t.db, t.identity, brand, { email });
  if (brandRoleId !== 'member') await t.db.update(brandRoles).set({ brandRoleId }).where(eq(brandRoles.userId, uid));
  return t.idTokenFor(brand.authTenantId, email);
}

const place = (brandId: string, id: string, name: string, lat: number, lng: number, visible = true) => ({
  brandId, id, name, address: 'Gatan 1', postalCode: '111 11', city: 'Stockholm', countryCode: 'SE', lat, lng, visible,
});

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const [auroraRow, borealisRow] = await t.db.insert(brands).values([aurora, borealis]).returning();
  const closed = await makeBrand(t.db, 'closed', ['closed.localhost']);
  const unmapped = await makeBrand(t.db, 'unmapped', ['unmapped.localhost']);
  await t.db.update(brands).set({ settings: { ...unmapped.settings, restaurant: true } }).where(eq(brands.id, 'unmapped'));
  await seedRestaurants(t.db);
  // The guide is off, though it has restaurants and a map.
  await t.db.insert(restaurants).values(place('closed', 'closed-r-01', 'Stängd', 59.33, 18.06));
  await t.db.insert(restaurantMapSettings).values({ brandId: 'closed', centerLat: 59.33, centerLng: 18.06, zoom: 13 });
  // A kind of role with a map key of its own.
  await t.db.insert(restaurantMapSettings).values({ brandId: 'aurora', brandRoleId: 'vip', apiKey: 'vip-key', centerLat: 59.3, centerLng: 18, zoom: 14 });
  tokens.aurora = await memberWithRole(auroraRow!, 'member@aurora.test');
  tokens.staff = await memberWithRole(auroraRow!, 'staff@aurora.test', 'staff');
  tokens.vip = await memberWithRole(auroraRow!, 'vip@aurora.test', 'vip');
  tokens.borealis = await memberWithRole(borealisRow!, 'member@borealis.test');
  tokens.closed = await memberWithRole(closed, 'member@closed.test');
  tokens.unmapped = await memberWithRole(unmapped, 'member@unmapped.test');
}, 60_000);
afterAll(() => t?.close());

type Who = keyof typeof appUrls | 'staff' | 'vip';
const brandOf = (who: Who) => (who === 'staff' || who === 'vip' ? 'aurora' : who);

function get(app: TestApp['app'], url: string, who: Who | null, language?: string, appUrl = appUrls[brandOf(who ?? 'aurora')]) {
  return app.inject({
    method: 'GET',
    url,
    headers: { 'x-app-url': appUrl, ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...(language ? { 'accept-language': language } : {}) },
  });
}

async function ok<T>(response: Awaited<ReturnType<typeof get>>): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json() as T;
}

const list = (who: Who, query = '', language?: string) => get(t.app, `/v1/get_list/restaurant${query}`, who, language);
const detail = (who: Who, id: string, language?: string) => get(t.app, `/v1/get/restaurant?id=${encodeURIComponent(id)}`, who, language);
const mapSettings = (who: Who, app = t.app) => get(app, '/v1/get/brand/role/restaurant_maps_settings', who);

const auroraNames = [
  'Café Tegnér',
  'Fjällgatans Terrass',
  'Hornstull Strand Kök & Bar',
  'Karlaplans Matsal',
  'Medborgarkrogen',
  'Nytorgets Kök',
  'Odenplans Pizzeria',
  'Rörstrands Bistro',
  'Saluhallens Ostronbar',
  'Stortorgets Källare',
  'Sture Brasserie',
  'Swedenborg Vinbar',
];

describe('GET /v1/get_list/restaurant', () => {
  it("lists the brand's visible restaurants by name, the hidden one left out", async () => {
    const { list: all } = await ok<{ list: Restaurant[] }>(await list('aurora', '?limit=100'));
    expect(all.map((r) => r.name)).toEqual(auroraNames);
    expect(all.map((r) => r.id)).not.toContain('aurora-r-13');
    expect(all.every((r) => r.id.startsWith('aurora-r-'))).toBe(true);
  });

  it('orders names with Nordic letters the same on every database', async () => {
    const { list: all } = await ok<{ list: Restaurant[] }>(await list('borealis'));
    expect(all.map((r) => r.name)).toEqual([
      'Brygga Sjømat',
      'Frogner Bistro',
      'Grønland Mat',
      'Kafé Karl Johan',
      'Løkka Bistro',
      'Majorstuen Pasta',
      'Markveien Vinbar',
      'Operakaia Sjøkjøkken',
      'Sørenga Badekro',
      'Tjuvholmen Grill',
      'Vulkan Kjøkken',
      'Youngstorget Brasseri',
    ]);
  });

  it('answers at most `limit` restaurants, the first by name', async () => {
    const { list: three } = await ok<{ list: Restaurant[] }>(await list('aurora', '?limit=3'));
    expect(three.map((r) => r.name)).toEqual(auroraNames.slice(0, 3));
    const { list: one } = await ok<{ list: Restaurant[] }>(await list('aurora', '?limit=1'));
    expect(one).toHaveLength(1);
  });

  it.each([
    ['en', 'Swedish home cooking on the square, with meatballs, herring and a long bar for the evening.', 'Sweden'],
    ['sv-SE,sv;q=0.9', 'Svensk husmanskost vid torget, med köttbullar, sill och en lång bar för kvällen.', 'Sverige'],
    ['nb', 'Svensk husmannskost ved torget, med kjøttboller, sild og en lang bar for kvelden.', 'Sverige'],
  ])('tells the description and the country in the member’s language (%s)', async (language, description, country) => {
    const { list: all } = await ok<{ list: Restaurant[] }>(await list('aurora', '', language));
    const medborgarkrogen = all.find((r) => r.id === 'aurora-r-01')!;
    expect(medborgarkrogen.shortDescription).toBe(description);
    expect(all.every((r) => r.country === country)).toBe(true);
  });

  it("speaks the brand's language to a member whose language the app does not speak", async () => {
    const { list: all } = await ok<{ list: Restaurant[] }>(await list('borealis', '', 'de-DE'));
    expect(all[0]).toMatchObject({ name: 'Brygga Sjømat', country: 'Norge', shortDescription: expect.stringMatching(/^Sjømat på kaia/) });
  });

  it.each(['?limit=0', '?limit=101', '?limit=abc', '?limit=1.5', '?limit=-1'])('refuses %s in the error shape', async (query) => {
    const response = await list('aurora', query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code: 'invalid_request', message: expect.any(String) });
  });

  it('answers each member from their own brand when members of two brands ask at once', async () => {
    const whos: Who[] = Array.from({ length: 24 }, (_, i) => (i % 2 ? 'aurora' : 'borealis'));
    const answers = await Promise.all(whos.map((who) => list(who, '?limit=5')));
    answers.forEach((response, i) => {
      const ids = (response.json() as { list: Restaurant[] }).list.map((r) => r.id);
      expect(ids).toHaveLength(5);
      expect(ids.every((id) => id.startsWith(`${whos[i]}-r-`))).toBe(true);
    });
  });
});

describe('GET /v1/get/restaurant', () => {
  it('answers one restaurant with everything the detail page shows', async () => {
    expect(await ok(await detail('aurora', 'aurora-r-01', 'en'))).toEqual({
      id: 'aurora-r-01',
      name: 'Medborgarkrogen',
      address: 'Medborgarplatsen 3',
      postalCode: '118 72',
      city: 'Stockholm',
      country: 'Sweden',
      lat: 59.31446,
      lng: 18.07297,
      phone: '+46 8 640 21 10',
      mapsUrl: null,
      shortDescription: 'Swedish home cooking on the square, with meatballs, herring and a long bar for the evening.',
      restaurantUrl: 'https://medborgarkrogen.example',
      restaurantWidgetUrl: '/booking/aurora/aurora-r-01',
    });
  });

  it('answers a restaurant that takes no bookings and has no phone or home page', async () => {
    expect(await ok(await detail('aurora', 'aurora-r-10', 'sv'))).toMatchObject({
      name: 'Café Tegnér',
      phone: '',
      restaurantUrl: null,
      restaurantWidgetUrl: null,
      country: 'Sverige',
    });
  });

  it.each([
    ['a hidden restaurant', 'aurora', 'aurora-r-13'],
    ["another brand's restaurant", 'aurora', 'borealis-r-01'],
    ["another brand's restaurant, the other way", 'borealis', 'aurora-r-01'],
    ['an id that does not exist', 'aurora', 'aurora-r-99'],
    ['an id that looks like SQL', 'aurora', "aurora-r-01' OR '1'='1"],
  ] as const)('answers 404 restaurant/not-found for %s', async (_, who, id) => {
    const response = await detail(who, id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(RESTAURANT_ERRORS.notFound);
  });

  it('refuses a member of one brand on the other brand’s app URL', async () => {
    const response = await get(t.app, '/v1/get/restaurant?id=borealis-r-01', 'aurora', undefined, appUrls.borealis);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('no_role_with_app_url');
  });

  it.each(['', '?id=', `?id=${'x'.repeat(201)}`])('refuses a missing or unusable id (%s) in the error shape', async (query) => {
    const response = await get(t.app, `/v1/get/restaurant${query}`, 'aurora');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code: 'invalid_request' });
  });
});

describe('GET /v1/get/brand/role/restaurant_maps_settings', () => {
  const stockholm = { center_lat: 59.3293, center_lng: 18.0686 };

  it("opens the brand's map for a member whose role has no view of its own", async () => {
    expect(await ok(await mapSettings('aurora'))).toEqual({
      apiKey: null,
      mapId: null,
      ...stockholm,
      zoom: 13,
      zoomControl: true,
      mapTypeControl: false,
      streetViewControl: false,
      fullscreenControl: false,
    });
    expect(await ok(await mapSettings('borealis'))).toMatchObject({ center_lat: 59.9139, center_lng: 10.7522, zoom: 13 });
  });

  it("opens the staff role's own view for staff", async () => {
    expect(await ok(await mapSettings('staff'))).toEqual({
      apiKey: null,
      mapId: null,
      ...stockholm,
      zoom: 11,
      zoomControl: true,
      mapTypeControl: true,
      streetViewControl: false,
      fullscreenControl: true,
    });
  });

  it("uses the deployment's key and map id where the brand set none, and a role's own key without the deployment's map id", async () => {
    const keyed = await createTestApp({ database: t.database, now: () => clock, googleMaps: { apiKey: 'deployment-key', mapId: 'deployment-map' } });
    try {
      expect(await ok(await mapSettings('aurora', keyed.app))).toMatchObject({ apiKey: 'deployment-key', mapId: 'deployment-map', zoom: 13 });
      expect(await ok(await mapSettings('staff', keyed.app))).toMatchObject({ apiKey: 'deployment-key', mapId: 'deployment-map', zoom: 11 });
      expect(await ok(await mapSettings('vip', keyed.app))).toMatchObject({ apiKey: 'vip-key', mapId: null, zoom: 14 });
    } finally {
      await keyed.close();
    }
    // Without a deployment key, only the role with its own key has one.
    expect(await ok(await mapSettings('vip'))).toMatchObject({ apiKey: 'vip-key', mapId: null });
    expect(await ok(await mapSettings('aurora'))).toMatchObject({ apiKey: null, mapId: null });
  });

  it('frames the visible restaurants of a brand that set no view, and the world when it has none', async () => {
    const world = await ok<RestaurantMapSettings>(await mapSettings('unmapped'));
    expect(world).toMatchObject({ center_lat: 0, center_lng: 0, zoom: 2, apiKey: null, zoomControl: true });
    await t.db.insert(restaurants).values([
      place('unmapped', 'u-1', 'Södra', 59.3, 18.0),
      place('unmapped', 'u-2', 'Norra', 59.36, 18.12),
      // A hidden restaurant far away must not widen the map.
      place('unmapped', 'u-3', 'Dold', 59.91, 10.75, false),
    ]);
    const framed = await ok<RestaurantMapSettings>(await mapSettings('unmapped'));
    expect(framed.center_lat).toBeCloseTo(59.33, 6);
    expect(framed.center_lng).toBeCloseTo(18.06, 6);
    // 0.12° of longitude fits 320 px at zoom 11 (at 12 it would take 350 px).
    expect(framed.zoom).toBe(11);
    await t.db.delete(restaurants).where(eq(restaurants.id, 'u-2'));
    expect(await ok(await mapSettings('unmapped'))).toMatchObject({ center_lat: 59.3, center_lng: 18, zoom: 13 });
  });
});

describe('the restaurant setting and signing in', () => {
  const calls = ['/v1/get_list/restaurant', '/v1/get/restaurant?id=closed-r-01', '/v1/get/brand/role/restaurant_maps_settings'];

  it.each(calls)('%s answers 404 restaurant/disabled when the brand has no guide', async (url) => {
    const response = await get(t.app, url, 'closed');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(RESTAURANT_ERRORS.disabled);
  });

  it.each(calls)('%s answers 401 to a signed-out caller', async (url) => {
    const response = await get(t.app, url, null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, code: 'auth/unauthenticated' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('closes all three calls once a brand switches its guide off (after the brand cache)', async () => {
    const [row] = await t.db.select({ settings: brands.settings }).from(brands).where(eq(brands.id, 'borealis'));
    await t.db.update(brands).set({ settings: { ...row!.settings, restaurant: false } }).where(eq(brands.id, 'borealis'));
    clock += memberCacheTtl.brandMs;
    try {
      for (const url of ['/v1/get_list/restaurant', '/v1/get/restaurant?id=borealis-r-01', '/v1/get/brand/role/restaurant_maps_settings']) {
        expect((await get(t.app, url, 'borealis')).json()).toEqual(RESTAURANT_ERRORS.disabled);
      }
    } finally {
      await t.db.update(brands).set({ settings: row!.settings }).where(eq(brands.id, 'borealis'));
      clock += memberCacheTtl.brandMs;
    }
    expect((await list('borealis')).statusCode).toBe(200);
  });
});

describe('the published API', () => {
  it('documents the three calls with their queries and answers', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const query = (path: string) => document.paths[path].get.parameters.filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name);
    expect(query('/v1/get_list/restaurant')).toEqual(['limit']);
    expect(query('/v1/get/restaurant')).toEqual(['id']);
    expect(Object.keys(document.paths['/v1/get/brand/role/restaurant_maps_settings'].get.responses)).toEqual(expect.arrayContaining(['200', '4XX']));
    expect(Object.keys(document.paths['/v1/get/restaurant'].get.responses['200'].content['application/json'].schema.properties)).toContain('restaurantWidgetUrl');
  });
});
