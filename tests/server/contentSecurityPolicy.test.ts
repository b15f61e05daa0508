import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, restaurantMapSettings, restaurants } from '../../server/db/schema/index.ts';
import { contentSecurityDirectives } from '../../server/plugins/contentSecurityPolicy.ts';
import { aurora, borealis } from '../../server/db/seed/brands.ts';
import { seedRestaurants } from '../../server/db/seed/restaurants.ts';
import { openTestDatabase } from './support/testDatabase.ts';
import { createTestApp } from './support/testApp.ts';

/*
 * The app's Content-Security-Policy opens to Google's map and to another provider's booking widget
 * only where a brand's guide can show them: a maps key (the deployment's or a brand's) and
 * absolute widget URLs, read when the server starts.
 */
type Database = Awaited<ReturnType<typeof openTestDatabase>>;
let database: Database;

function directive(policy: string, name: string): string[] {
  const found = policy.split(';').map((part) => part.trim().split(/\s+/)).find(([key]) => key === name);
  return found ? found.slice(1) : [];
}

async function policyOf(options: { googleMaps?: { apiKey: string } } = {}): Promise<string> {
  const t = await createTestApp({ database, ...options });
  try {
    const response = await t.app.inject({ method: 'GET', url: '/v1/health' });
    return String(response.headers['content-security-policy']);
  } finally {
    await t.app.close();
  }
}

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(brands).values([aurora, borealis]);
  await seedRestaurants(database.db);
});
afterAll(async () => {
  await database.close();
});

describe('content security policy for the restaurant guide', () => {
  it('stays closed to Google and outside widgets on the demo seed (no key, our own widget)', async () => {
    const policy = await policyOf();
    expect(directive(policy, 'script-src')).toEqual(["'self'"]);
    expect(policy).not.toContain('googleapis');
    expect(policy).not.toContain('unsafe-eval');
    expect(directive(policy, 'frame-src')).toEqual(["'self'", 'https://open.spotify.com', 'https://www.youtube-nocookie.com']);
  });

  it("lets Google's map load with the deployment's key", async () => {
    const policy = await policyOf({ googleMaps: { apiKey: 'deployment-key' } });
    expect(directive(policy, 'script-src')).toEqual(expect.arrayContaining(["'self'", 'https://*.googleapis.com', 'https://*.gstatic.com', "'unsafe-eval'"]));
    expect(directive(policy, 'img-src')).toEqual(expect.arrayContaining(['https://*.googleapis.com', 'https://*.gstatic.com']));
    expect(directive(policy, 'connect-src')).toContain('https://*.googleapis.com');
    expect(directive(policy, 'worker-src')).toContain('blob:');
  });

  it('opens to the map when a brand keeps its own key, and to another provider’s https widget only', async () => {
    await database.db.update(restaurantMapSettings).set({ apiKey: 'brand-key' }).where(eq(restaurantMapSettings.brandId, 'borealis'));
    await database.db.update(restaurants).set({ restaurantWidgetUrl: 'https://book.example.net/w/42?x=1' }).where(eq(restaurants.id, 'aurora-r-01'));
    await database.db.update(restaurants).set({ restaurantWidgetUrl: 'http://plain.example.net/w' }).where(eq(restaurants.id, 'aurora-r-02'));
    const policy = await policyOf();
    expect(directive(policy, 'script-src')).toContain('https://*.googleapis.com');
    const frames = directive(policy, 'frame-src');
    expect(frames).toContain('https://book.example.net');
    expect(frames.join(' ')).not.toContain('plain.example.net');
  });
});

describe('an API on another origin', () => {
  it('may be called and may serve the booking widget the app frames', () => {
    const directives = contentSecurityDirectives({ connectSources: ['https://api.klubb.example'], stripe: false, googleMaps: false, widgetOrigins: [] });
    expect(directives['connect-src']).toContain('https://api.klubb.example');
    expect(directives['frame-src']).toContain('https://api.klubb.example');
    expect(directives['script-src']).toEqual(["'self'"]);
  });
});
