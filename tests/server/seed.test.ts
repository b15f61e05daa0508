import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, OpenDatabase } from '../../server/db/database.ts';
import { billboards, brandContent, brandRoles, brands, categories, customFees, itemVariants, offers, promoCodes, restaurantMapSettings, restaurants, taxRates, users } from '../../server/db/schema/index.ts';
import { demoContent, demoUsers, seedDemo } from '../../server/db/seed/index.ts';
import { generateOffers } from '../../server/db/seed/offers.ts';
import { seedRestaurants } from '../../server/db/seed/restaurants.ts';
import { promoSeedsFor } from '../../server/db/seed/promoCodes.ts';
import { claimFreeCode, findOfferPromo, findPromoFields } from '../../server/repositories/promoCodes.repository.ts';
import { offerVariantFields } from '../../server/commerce/offerVariants.ts';
import { ApiError } from '../../server/errors.ts';
import type { IdentityProvider, NewAccount } from '../../server/identity/identity.ts';
import type { ContentBlock, ImageOptions } from '../../contract/offer.ts';
import { openTestDatabase } from './support/testDatabase.ts';
import { createDoorService } from '../../server/door/doorService.ts';

/** Records the seed's account calls; stands in for the real provider. */
class MapIdentity implements IdentityProvider {
  readonly kind = 'embedded' as const;
  readonly accounts = new Map<string, NewAccount & { uid: string }>();
  creates = 0;
  async verifyIdToken(): Promise<never> {
    throw new Error('not used by the seed');
  }
  async createCustomToken(): Promise<never> {
    throw new Error('not used by the seed');
  }
  setPassword = this.createCustomToken;
  updateEmail = this.createCustomToken;
  verifyPassword = this.createCustomToken;
  deleteAccount = this.createCustomToken;
  async createAccount(account: NewAccount): Promise<string> {
    this.creates++;
    const key = `${account.tenantId}/${account.email.toLowerCase()}`;
    if (this.accounts.has(key)) throw new ApiError(409, 'auth/email-already-exists', 'exists');
    const uid = account.uid ?? `generated-${this.accounts.size}`;
    this.accounts.set(key, { ...account, uid });
    return uid;
  }
  async findAccountByEmail(tenantId: string, email: string): Promise<string | null> {
    return this.accounts.get(`${tenantId}/${email.toLowerCase()}`)?.uid ?? null;
  }
}

const mediaDir = fileURLToPath(new URL('../../server/media/', import.meta.url));
const tables = { brands, brandContent, brandRoles, users, categories, offers, billboards, taxRates, customFees, itemVariants, restaurants, restaurantMapSettings };

async function rowCounts(db: Database) {
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => [name, (await db.select({ n: count() }).from(table))[0]!.n] as const),
  );
  return Object.fromEntries(entries);
}

const imagesOf = (o: ImageOptions) => [o.jpeg.medium, o.jpeg.large, o.webp.medium, o.webp.large];

describe('seedDemo', () => {
  let database: OpenDatabase;
  let db: Database;
  const identity = new MapIdentity();
  let firstCounts: Record<string, number>;
  let allOffers: (typeof offers.$inferSelect)[];

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await seedDemo(db, identity);
    firstCounts = await rowCounts(db);
    await seedDemo(db, identity);
    allOffers = await db.select().from(offers);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  it('is idempotent: a second run adds nothing and creates no accounts', async () => {
    expect(await rowCounts(db)).toEqual(firstCounts);
    expect(identity.accounts.size).toBe(6);
    expect(identity.creates).toBe(6);
  });

  it('creates both brands with their hosts and tenants', async () => {
    const rows = await db.select().from(brands);
    const byId = Object.fromEntries(rows.map((b) => [b.id, b]));
    expect(byId.aurora).toMatchObject({ appHosts: ['localhost', 'aurora.localhost', '127.0.0.1'], authTenantId: 'aurora-tenant' });
    expect(byId.borealis).toMatchObject({ appHosts: ['borealis.localhost'], authTenantId: 'borealis-tenant' });
    expect(byId.aurora!.settings.showEditorial).toBe(true);
    expect(byId.borealis!.settings.showEditorial).toBe(false);
    expect(byId.aurora!.theme.light.colors.primary).not.toBe(byId.borealis!.theme.light.colors.primary);
    expect(byId.aurora!.settings).toMatchObject({ timeZone: 'Europe/Stockholm', region: 'SE', defaultLanguage: 'sv' });
    expect(byId.borealis!.settings).toMatchObject({ timeZone: 'Europe/Oslo', region: 'NO', defaultLanguage: 'nb' });
    for (const b of rows) {
      for (const entry of b.navigationBar) expect(Object.keys(entry.label).sort(), `${b.id} ${entry.key}`).toEqual(['en', 'nb', 'sv']);
    }
    for (const b of rows) {
      for (const entry of b.navigationBar) expect(b.icons[entry.icon], entry.icon).toMatch(/^M[\d\s.,a-zA-Z-]+$/);
      for (const url of [b.logoUrl, b.settings.terms.url, b.settings.gdpr.url]) {
        expect(existsSync(mediaDir + url.replace(/^\/media\//, '')), url).toBe(true);
      }
    }
  });

  it('gives both brands their FAQ, About and contact content', async () => {
    const rows = await db.select().from(brandContent);
    const byId = Object.fromEntries(rows.map((r) => [r.brandId, r.content]));
    expect(Object.keys(byId).sort()).toEqual(['aurora', 'borealis']);
    expect(byId.aurora!.contact).toMatchObject({ phone: '+46 8 555 010 00', chatUrl: 'https://chat.aurora.example/klubb', messengerUrl: 'https://m.me/auroraklubb' });
    expect(byId.borealis!.contact).toMatchObject({ phone: '+47 22 55 50 10', chatUrl: null, messengerUrl: 'https://m.me/borealisclub' });
  });

  it('gives both brands a guide of restaurants around their city, one hidden and some without booking', async () => {
    const maps = await db.select().from(restaurantMapSettings);
    const guides = { aurora: { city: 'Stockholm', country: 'SE', phone: /^\+46 8( \d{2,3}){2,3}$/ }, borealis: { city: 'Oslo', country: 'NO', phone: /^\+47( \d{2}){4}$/ } };
    for (const [brandId, guide] of Object.entries(guides)) {
      const rows = (await db.select().from(restaurants).where(eq(restaurants.brandId, brandId))).sort((a, b) => a.id.localeCompare(b.id));
      expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 13 }, (_, i) => `${brandId}-r-${String(i + 1).padStart(2, '0')}`));
      expect(rows.filter((r) => !r.visible)).toHaveLength(1);
      const center = maps.find((m) => m.brandId === brandId && m.brandRoleId === '*')!;
      expect(center).toMatchObject({ zoom: 13, apiKey: null, mapId: null });
      for (const r of rows) {
        expect(r).toMatchObject({ city: guide.city, countryCode: guide.country, mapsUrl: null });
        // Within 5 km of the city centre the map opens on (an equirectangular distance is exact enough here).
        const km = 6371 * Math.hypot(((r.lat - center.centerLat) * Math.PI) / 180, ((r.lng - center.centerLng) * Math.PI * Math.cos((r.lat * Math.PI) / 180)) / 180);
        expect(km, r.name).toBeLessThan(5);
        expect(r.phone === '' || guide.phone.test(r.phone), r.phone).toBe(true);
        expect(Object.keys(r.shortDescription).sort(), r.id).toEqual(['en', 'nb', 'sv']);
        expect(Object.values(r.shortDescription).every((text) => text.length > 20)).toBe(true);
        expect(r.restaurantUrl === null || /^https:\/\/[a-z-]+\.example$/.test(r.restaurantUrl), r.restaurantUrl ?? '').toBe(true);
        expect(r.restaurantWidgetUrl).toBe(r.booking ? `/booking/${brandId}/${r.id}` : null);
        if (!r.booking) continue;
        expect(r.booking.coversPerSeating).toBeGreaterThanOrEqual(r.booking.maxPartySize);
        expect(r.booking.daysAhead).toBe(30);
        for (const { day, seatings } of r.booking.weekly) {
          expect(day >= 1 && day <= 7).toBe(true);
          expect(seatings.length).toBeGreaterThan(0);
          expect([...seatings].sort()).toEqual(seatings);
          for (const time of seatings) expect(time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        }
      }
      const visible = rows.filter((r) => r.visible);
      expect(visible.filter((r) => r.booking === null).length).toBeGreaterThanOrEqual(1);
      expect(visible.filter((r) => r.booking !== null).length).toBeGreaterThanOrEqual(8);
      expect(new Set(visible.map((r) => `${r.lat},${r.lng}`)).size).toBe(visible.length);
    }
    expect(maps.find((m) => m.brandId === 'aurora' && m.brandRoleId === 'staff')).toMatchObject({ zoom: 11, apiKey: null });
  });

  it('leaves a restaurant an operator changed as they left it when seeding again', async () => {
    await db.update(restaurants).set({ name: 'Renamed', visible: false }).where(eq(restaurants.id, 'aurora-r-01'));
    await seedRestaurants(db);
    const [row] = await db.select().from(restaurants).where(eq(restaurants.id, 'aurora-r-01'));
    expect(row).toMatchObject({ name: 'Renamed', visible: false });
  });

  it('creates the six demo users with their roles and onboarding state', async () => {
    for (const u of demoUsers) {
      expect(await identity.findAccountByEmail(u.tenantId, u.email), u.email).toBe(u.uid);
      expect(identity.accounts.get(`${u.tenantId}/${u.email}`)?.password).toBe('Password1');
    }
    const profiles = await db.select().from(users);
    const roles = await db.select().from(brandRoles);
    const profile = (email: string) => profiles.find((p) => p.email === email);
    const rolesOf = (email: string) => roles.filter((r) => r.userId === profile(email)?.id);

    expect(profile('member@aurora.test')).toMatchObject({ brandId: 'aurora', firstName: 'Maja', lastName: 'Lind', phoneNumber: '+46701234567', completedOnboarding: true });
    expect(profile('member@aurora.test')!.addressList).toHaveLength(1);
    expect(rolesOf('member@aurora.test')).toMatchObject([
      { brandId: 'aurora', brandRoleId: 'member', name: 'Gold member', localizedName: { en: 'Gold member', sv: 'Guldmedlem', nb: 'Gullmedlem' }, legacyId: 1001, active: true },
    ]);

    expect(profile('new@aurora.test')).toMatchObject({ brandId: 'aurora', completedOnboarding: false, phoneNumber: null });
    expect(rolesOf('new@aurora.test')).toMatchObject([{ brandId: 'aurora', brandRoleId: 'member' }]);

    expect(profile('norole@aurora.test')).toMatchObject({ brandId: 'aurora' });
    expect(rolesOf('norole@aurora.test')).toEqual([]);

    expect(profile('member@borealis.test')).toMatchObject({ brandId: 'borealis', completedOnboarding: true });
    expect(rolesOf('member@borealis.test')).toMatchObject([{ brandId: 'borealis', brandRoleId: 'member', name: 'Explorer' }]);
    expect(await identity.findAccountByEmail('aurora-tenant', 'member@borealis.test')).toBeNull();

    // Door staff (issue 43): onboarded, with the door role of their own brand only.
    for (const [email, brandId] of [['door@aurora.test', 'aurora'], ['door@borealis.test', 'borealis']] as const) {
      expect(profile(email), email).toMatchObject({ brandId, completedOnboarding: true });
      expect(rolesOf(email), email).toMatchObject([{ brandId, brandRoleId: 'door', active: true }]);
    }
  });

  it('gives each brand a ticketed evening tonight, for the door (issue 43)', async () => {
    const now = Date.now();
    for (const brandId of ['aurora', 'borealis']) {
      const offer = allOffers.find((o) => o.brandId === brandId && o.id === `${brandId}-door-evening`);
      expect(offer, brandId).toMatchObject({ type: 'live', itemVariantType: 'ticket', active: true, callToAction: { type: 'payment' } });
      const [variant] = await db.select().from(itemVariants).where(and(eq(itemVariants.brandId, brandId), eq(itemVariants.offerId, offer!.id)));
      expect(variant!.dateStart!.getTime() - now, brandId).toBeGreaterThan(0);
      expect(variant!.dateStart!.getTime() - now, brandId).toBeLessThan(36 * 3_600_000);
      expect(variant!.stock).toBeGreaterThan(0);
    }
  });

  it('shows the door evening as one evening, and the featured event as one evening per night and city when they are near (issue 43)', async () => {
    const en = { language: 'en', fallback: 'en' } as const;
    const tonight = await createDoorService({ db }).evenings('aurora', en);
    expect(tonight.filter((e) => e.offerId === 'aurora-door-evening')).toMatchObject([{ eveningId: 'aurora-door-evening-v0', variantIds: ['aurora-door-evening-v0'] }]);
    // The featured event: the one whose first two variants are two ticket types of one night.
    const all = await db.select().from(itemVariants).where(eq(itemVariants.brandId, 'aurora'));
    const startOf = (id: string) => all.find((v) => v.id === id)?.dateStart?.getTime();
    const featured = all.find((v) => v.position === 0 && v.dateStart && startOf(`${v.offerId}-v1`) === v.dateStart.getTime())!.offerId;
    const variants = all.filter((v) => v.offerId === featured);
    expect(variants.length).toBeGreaterThanOrEqual(4);
    const firstNight = Math.min(...variants.map((v) => v.dateStart!.getTime()));
    // On the day of its first night the door lists its evenings within 36 hours, each night and city once.
    const thatDay = await createDoorService({ db, now: () => firstNight - 3_600_000 }).evenings('aurora', en);
    const ofFeatured = thatDay.filter((e) => e.offerId === featured);
    const near = variants.filter((v) => v.dateStart!.getTime() - (firstNight - 3_600_000) <= 36 * 3_600_000);
    const expected = new Set(near.map((v) => `${v.dateStart!.toISOString()} ${v.locationCity}`));
    expect(ofFeatured.map((e) => `${e.startsAt} ${e.city}`).sort()).toEqual([...expected].sort());
    expect(ofFeatured[0]!.variantIds).toEqual([`${featured}-v0`, `${featured}-v1`]);
  });

  it('has enough offers of every shown type', async () => {
    const countOf = (brandId: string, type: string) => allOffers.filter((o) => o.brandId === brandId && o.type === type).length;
    for (const type of ['editorial', 'benefit', 'live']) expect(countOf('aurora', type), type).toBeGreaterThanOrEqual(150);
    for (const type of ['benefit', 'live']) expect(countOf('borealis', type), type).toBeGreaterThanOrEqual(40);
    expect(countOf('borealis', 'editorial')).toBe(0);
  });

  it('references only categories, companions and offers that exist', async () => {
    const cats = await db.select().from(categories);
    const offerKeys = new Set(allOffers.map((o) => `${o.brandId}/${o.id}`));
    for (const o of allOffers) {
      const category = cats.find((c) => c.brandId === o.brandId && c.id === o.categoryId);
      expect(category?.typeList, `${o.id} category`).toContain(o.type);
      if (o.companionOfferId) expect(offerKeys.has(`${o.brandId}/${o.companionOfferId}`), o.id).toBe(true);
    }
    for (const brandId of ['aurora', 'borealis']) {
      const brandCats = cats.filter((c) => c.brandId === brandId);
      expect(brandCats.length).toBeGreaterThanOrEqual(5);
      for (const c of brandCats) expect(Object.keys(c.localizedName).sort(), c.id).toEqual(['en', 'nb', 'sv']);
      const boards = await db.select().from(billboards).where(and(eq(billboards.brandId, brandId), eq(billboards.active, true)));
      expect(boards).toHaveLength(1);
      expect(allOffers.find((o) => o.brandId === brandId && o.id === boards[0]!.offerId)?.active).toBe(true);
    }
    const companions = allOffers.filter((o) => o.companionOfferId);
    expect(companions.length).toBeGreaterThanOrEqual(6);
    expect(companions.some((o) => !o.companionOfferId!.includes(`-${o.type}-`))).toBe(true);
    expect(companions.every((o) => o.companionOfferHeader)).toBe(true);
  });

  it('uses image files that exist on disk', () => {
    const urls = new Set<string>();
    for (const o of allOffers) {
      imagesOf(o.puffImage).forEach((u) => urls.add(u!));
      for (const b of o.contentBlocks) if (b.type === 'image') imagesOf(b.image).forEach((u) => urls.add(u!));
    }
    expect(urls.size).toBeGreaterThanOrEqual(40);
    for (const url of urls) {
      expect(url).toMatch(/^\/media\/offers\/\d\d-(medium|large)\.(jpg|webp)$/);
      expect(existsSync(mediaDir + url.replace(/^\/media\//, '')), url).toBe(true);
    }
    expect(allOffers.some((o) => o.puffImage.imageDescription === undefined)).toBe(true);
  });

  it('varies the feed fields: dates, reading time, activity, sign-in and calls to action', () => {
    for (const brandId of ['aurora', 'borealis']) {
      const dates = allOffers.filter((o) => o.brandId === brandId).map((o) => o.publishedAt.getTime());
      expect(new Set(dates).size).toBe(dates.length);
    }
    const editorial = allOffers.filter((o) => o.type === 'editorial');
    expect(editorial.every((o) => o.readingTime! >= 1 && o.readingTime! <= 12)).toBe(true);
    expect(editorial.some((o) => o.readingTime === 1)).toBe(true);
    expect(allOffers.filter((o) => o.type !== 'editorial').every((o) => o.readingTime === null)).toBe(true);
    expect(allOffers.some((o) => !o.active)).toBe(true);
    expect(allOffers.some((o) => !o.requiresSignIn)).toBe(true);
    const ctaTypes = new Set(allOffers.map((o) => o.callToAction?.type));
    expect([...ctaTypes].sort()).toEqual(['claim', 'mailTo', 'payment', 'referralUrl', 'url']);
    for (const brandId of ['aurora', 'borealis']) {
      const titles = allOffers.filter((o) => o.brandId === brandId).map((o) => o.title);
      expect(new Set(titles).size).toBe(titles.length);
    }
  });

  it('gives each brand a mix for visitors: about half public, featured and billboard offers public, events and promo codes of both kinds', async () => {
    const now = Date.now();
    const brandRows = await db.select({ id: brands.id, settings: brands.settings }).from(brands);
    const boards = await db.select().from(billboards);
    for (const content of demoContent) {
      expect(brandRows.find((b) => b.id === content.brandId)?.settings.visitorBrowsing, content.brandId).toBe(true);
      const active = allOffers.filter((o) => o.brandId === content.brandId && o.active);
      const open = active.filter((o) => !o.requiresSignIn);
      expect(open.length / active.length, content.brandId).toBeGreaterThan(0.4);
      expect(open.length / active.length, content.brandId).toBeLessThan(0.6);
      for (const type of Object.keys(content.counts)) {
        expect(open.some((o) => o.id === `${content.brandId}-${type}-001`), `${content.brandId} ${type} featured`).toBe(true);
        expect(active.some((o) => o.type === type && o.requiresSignIn), `${content.brandId} member-only ${type}`).toBe(true);
      }
      const board = boards.find((b) => b.brandId === content.brandId)!;
      expect(open.some((o) => o.id === board.offerId), `${content.brandId} billboard`).toBe(true);
      // A visitor can open an event and buy a ticket once signed in; another event asks them to sign in first.
      const buyable = async (o: (typeof active)[number]) => {
        const fields = await offerVariantFields(db, content.brandId, o.id, now, true);
        return Object.values(fields.itemVariantAvailability).some((n) => n > 0);
      };
      const ticketed = (list: typeof active) => list.filter((o) => o.type === 'live' && o.itemVariantType === 'ticket');
      expect(await buyable(open.find((o) => o.id === `${content.brandId}-live-001`)!), `${content.brandId} public event`).toBe(true);
      expect(ticketed(open).length, content.brandId).toBeGreaterThan(1);
      expect(ticketed(active.filter((o) => o.requiresSignIn)).length, content.brandId).toBeGreaterThan(0);
      // The four promo cases (the offers after them give a common code each).
      const promoOffers = promoSeedsFor(content.brandName, generateOffers(content, new Date())).slice(0, 4).map((p) => active.find((o) => o.id === p.offerId)!);
      expect(new Set(promoOffers.map((o) => o.requiresSignIn)), content.brandId).toEqual(new Set([true, false]));
    }
  });

  it('writes valid rich text with every style, block type and embed', () => {
    const styles = new Set<string>();
    const blockTypes = new Set<string>();
    const blockKinds = new Set<string>();
    const urls: string[] = [];
    for (const o of allOffers) {
      for (const block of o.contentBlocks as ContentBlock[]) {
        blockKinds.add(block.type);
        if (block.type !== 'richText') continue;
        const raw = block.editorStateRaw as { blocks: RawBlock[]; entityMap: Record<string, { data: { url: string } }> };
        for (const b of raw.blocks) {
          blockTypes.add(b.type);
          const length = Array.from(b.text).length;
          for (const r of b.inlineStyleRanges) {
            styles.add(r.style);
            expect(r.offset + r.length).toBeLessThanOrEqual(length);
          }
          for (const r of b.entityRanges) {
            expect(r.offset + r.length).toBeLessThanOrEqual(length);
            urls.push(raw.entityMap[String(r.key)]!.data.url);
          }
        }
      }
    }
    expect([...styles].sort()).toEqual(['BOLD', 'CODE', 'HIGHLIGHT', 'ITALIC', 'STRIKETHROUGH', 'UNDERLINE']);
    for (const t of ['unstyled', 'header-two', 'blockquote', 'code-block', 'unordered-list-item', 'ordered-list-item']) {
      expect(blockTypes.has(t), t).toBe(true);
    }
    expect([...blockKinds].sort()).toEqual(['image', 'richText', 'spotify', 'youTube']);
    expect(urls.some((u) => u.startsWith('https://'))).toBe(true);
    expect(urls.some((u) => u.startsWith('http://aurora.localhost/'))).toBe(true);
    expect(urls.every((u) => /^(https?|mailto|tel):/.test(u))).toBe(true);
  });

  it('gives each brand a common code, open unique codes (cap 2, 200+ left), a sold-out offer and one where its member is at the cap', async () => {
    for (const content of demoContent) {
      const member = demoUsers.find((u) => u.brandId === content.brandId && u.email.startsWith('member@'))!;
      const seeds = promoSeedsFor(content.brandName, generateOffers(content, new Date()));
      const fields = await Promise.all(
        seeds.map((p) => findPromoFields(db, { brandId: content.brandId, offerId: p.offerId, userId: member.uid }, new Date())),
      );
      const [open, commonOnly, soldOut, atCap] = fields;
      expect(open).toMatchObject({ promoExists: true, promoCodeCommonExists: true, promoCodeCommon: null, isVoucherCodeSoldOut: false, voucherClaimCap: 2, userVoucherCodeClaimCount: 0 });
      expect(commonOnly).toMatchObject({ promoExists: false, promoCodeCommonExists: true });
      expect(soldOut).toMatchObject({ promoExists: true, isVoucherCodeSoldOut: true });
      expect(atCap).toMatchObject({ promoExists: true, isVoucherCodeSoldOut: false, voucherClaimCap: 2, userVoucherCodeClaimCount: 2 });
      // The member's claimant row counts the seeded codes, so a third claim is refused though codes are free.
      const third = await claimFreeCode(db, { brandId: content.brandId, offerId: seeds[3]!.offerId, userId: member.uid }, new Date());
      expect(third).toMatchObject({ offer: { active: true, claimCap: 2 }, sawFreeCode: true, claimed: null });
      const free = await db
        .select({ n: count() })
        .from(promoCodes)
        .where(and(eq(promoCodes.brandId, content.brandId), eq(promoCodes.offerId, seeds[0]!.offerId), isNull(promoCodes.claimedBy)));
      expect(free[0]!.n).toBeGreaterThanOrEqual(200);
      for (const p of seeds.slice(0, 4)) expect(allOffers.find((o) => o.brandId === content.brandId && o.id === p.offerId)).toMatchObject({ type: 'benefit', active: true });
    }
    // Both runs wrote the same codes once.
    const [codes] = await db.select({ n: count() }).from(promoCodes);
    expect(codes!.n).toBe(2 * (240 + 12 + 30 + 120 + 8 + 2));
  });

  it("names in an offer's text only a code its page gives: every benefit with a code button gives one, the common code it names (issue 41)", async () => {
    const member = (brandId: string) => demoUsers.find((u) => u.brandId === brandId && u.email.startsWith('member@'))!.uid;
    let named = 0;
    for (const o of allOffers) {
      const text = JSON.stringify(o.contentBlocks);
      const codes = [...text.matchAll(/with the code (?!you get)([^\s,.]+)/g)].map((m) => m[1]);
      const promo = await findOfferPromo(db, o.brandId, o.id);
      for (const code of codes) expect(promo?.commonCode, `${o.id} names ${code}`).toBe(code);
      named += codes.length;
      if (o.type === 'benefit' && o.callToAction?.type === 'claim') {
        const fields = await findPromoFields(db, { brandId: o.brandId, offerId: o.id, userId: member(o.brandId) }, new Date());
        expect(fields.promoExists || fields.promoCodeCommonExists, `${o.id} has a code to give`).toBe(true);
        // One that gives no common code promises the code the app hands out, nothing more.
        if (!promo?.commonCode && text.includes('Members pay')) expect(text, o.id).toContain('with the code you get here in the app');
      }
    }
    expect(named).toBeGreaterThan(20);
  });

  it('seeding again gives an offer whose text still named a made-up code the new text, and leaves other texts as they are', async () => {
    const where = (id: string) => and(eq(offers.brandId, 'aurora'), eq(offers.id, id));
    const bodyOf = async (id: string) => JSON.stringify((await db.select({ c: offers.contentBlocks }).from(offers).where(where(id)))[0]!.c);
    const stale = 'aurora-benefit-013';
    const edited = 'aurora-benefit-014';
    const fresh = await bodyOf(stale);
    expect(fresh).toContain('with the code AURORA-013, which you find here in the app.');
    const old = JSON.parse(fresh.replace(/with the code [^.]+\./, 'with the code AUR24.')) as ContentBlock[];
    await db.update(offers).set({ contentBlocks: old }).where(where(stale));
    const operators: ContentBlock[] = [{ type: 'richText', editorStateRaw: { blocks: [{ text: 'Our own words.' }], entityMap: {} } }];
    await db.update(offers).set({ contentBlocks: operators }).where(where(edited));
    await seedDemo(db, identity);
    expect(await bodyOf(stale)).toBe(fresh);
    expect(await bodyOf(stale)).not.toContain('AUR24');
    expect(await bodyOf(edited)).toBe(JSON.stringify(operators));
  }, 120_000);

  it('generates the same content on every run', () => {
    const now = new Date('2025-06-01T12:00:00Z');
    expect(generateOffers(demoContent[0]!, now)).toEqual(generateOffers(demoContent[0]!, now));
  });
});

interface RawBlock {
  text: string;
  type: string;
  inlineStyleRanges: { offset: number; length: number; style: string }[];
  entityRanges: { offset: number; length: number; key: number }[];
}
