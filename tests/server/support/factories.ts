import type { Database } from '../../../server/db/database.ts';
import { billboards, brandRoles, brands, categories, offers, users } from '../../../server/db/schema/index.ts';
import type { BrandThemeVariant } from '../../../contract/brand.ts';
import type { ContentBlock, OfferType } from '../../../contract/offer.ts';
import type { IdentityProvider } from '../../../server/identity/identity.ts';

const themeVariant: BrandThemeVariant = {
  colors: {
    primary: '#123456', onPrimary: '#ffffff', background: '#ffffff', surface: '#eeeeee', text: '#111111',
    textMuted: '#555555', accent: '#ff8800', error: '#cc0000', navigationBar: '#ffffff', onNavigationBar: '#111111',
    card: '#ffffff',
  },
  fonts: { body: 'sans-serif', heading: 'serif', image: 'sans-serif', preamble: 'serif', tag: 'sans-serif' },
  buttonRadius: 8,
  cardRadius: 8,
  grid: { xs: 2, sm: 3, lg: 4, gap: 16, margin: 24 },
};

export async function makeBrand(db: Database, id: string, hosts: string[]) {
  const [row] = await db
    .insert(brands)
    .values({
      id,
      name: id[0]!.toUpperCase() + id.slice(1),
      appHosts: hosts,
      authTenantId: `${id}-tenant`,
      contactEmail: `help@${id}.test`,
      logoUrl: `/media/brand/${id}/logo.svg`,
      theme: { light: themeVariant },
      navigationBar: [{ key: 'mixedFeed', label: 'Home', icon: 'home', path: '/' }],
      settings: {
        referralCodeInputType: 'none', referralCodeInputFieldLength: 6, referralCodeInputHint: '', verifyWithSsn: false,
        ssnInfo: '', terms: { label: 'Terms', url: '/terms' }, gdpr: { label: 'Privacy', url: '/privacy' },
        showEditorial: true, showBenefit: true, showLive: true, restaurant: false, showBrandRoleName: false,
        offerTheme: 'default', minimumContainerVersion: '0.0.0', appStoreUrl: '', playStoreUrl: '',
      },
    })
    .returning();
  return row!;
}

export interface MemberOptions {
  email: string;
  role?: 'active' | 'revoked' | 'none';
  completedOnboarding?: boolean;
  firstName?: string;
  lastName?: string;
}

export const testPassword = 'Password1';

/** An identity account in the brand's tenant, its profile, and (unless 'none') a role. */
export async function makeMember(
  db: Database,
  identity: IdentityProvider,
  brand: { id: string; authTenantId: string },
  options: MemberOptions,
) {
  const uid = await identity.createAccount({ tenantId: brand.authTenantId, email: options.email, password: testPassword });
  await db.insert(users).values({
    brandId: brand.id,
    id: uid,
    email: options.email,
    firstName: options.firstName ?? 'Test',
    lastName: options.lastName ?? 'Member',
    completedOnboarding: options.completedOnboarding ?? true,
  });
  if ((options.role ?? 'active') !== 'none') {
    await db.insert(brandRoles).values({
      brandId: brand.id,
      id: `role-${uid}`,
      userId: uid,
      brandRoleId: 'member',
      name: 'Member',
      legacyId: 42,
      active: options.role !== 'revoked',
    });
  }
  return uid;
}

export async function makeCategory(db: Database, brandId: string, id: string, typeList: OfferType[]) {
  await db.insert(categories).values({ brandId, id, name: `Category ${id}`, typeList });
}

/** `count` offers of a type, the first one newest; ids `${prefix}-${i}`. */
export async function makeOffers(
  db: Database,
  brandId: string,
  count: number,
  { type, prefix, categoryId = null, active = true }: { type: OfferType; prefix: string; categoryId?: string | null; active?: boolean },
) {
  const base = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: count }, (_, i) => ({
    brandId,
    id: `${prefix}-${String(i).padStart(4, '0')}`,
    type,
    categoryId,
    title: `${type} offer ${i}`,
    teaserLine: `Teaser ${i}`,
    puffImage: { jpeg: { medium: '/media/a.jpg' }, webp: { medium: '/media/a.webp' } },
    readingTime: type === 'editorial' ? (i % 5) + 1 : null,
    publishedAt: new Date(base - i * 60_000),
    active,
  }));
  if (rows.length > 0) await db.insert(offers).values(rows);
  return rows.map((r) => r.id);
}

export async function makeBillboard(db: Database, brandId: string, offerId: string) {
  await db.insert(billboards).values({ brandId, id: `billboard-${offerId}`, offerId });
}

export type OfferFields = Partial<typeof offers.$inferInsert>;

export const testImage = { jpeg: { medium: '/media/a.jpg' }, webp: { medium: '/media/a.webp' } };

/** One offer of the brand: plain defaults under the given fields. */
export async function makeOffer(db: Database, brandId: string, id: string, fields: OfferFields = {}) {
  const [row] = await db
    .insert(offers)
    .values({ brandId, id, type: 'benefit', title: `Offer ${id}`, puffImage: testImage, publishedAt: new Date(Date.UTC(2026, 0, 1)), ...fields })
    .returning({ id: offers.id });
  return row!.id;
}

/** A rich-text content block in the draft raw format, one unstyled block per paragraph. */
export function richText(...paragraphs: string[]): ContentBlock {
  const blocks = paragraphs.map((text, i) => ({
    key: `k${i}`, text, type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {},
  }));
  return { type: 'richText', editorStateRaw: { blocks, entityMap: {} } };
}
