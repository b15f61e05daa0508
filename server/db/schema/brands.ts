import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BrandSettings, BrandTheme, NavigationBarEntry } from '../../../contract/brand.ts';
import type { LocalizedText } from '../../../domain/language.ts';

/** A text a brand configures: one string for every language, or one per language. */
export type BrandText = string | LocalizedText;

/** A tab as stored: its label may be given per language (the API answers the member's). */
export type StoredNavigationBarEntry = Omit<NavigationBarEntry, 'label'> & { label: BrandText };

/** The settings as stored: the texts a member reads may be given per language. */
export type StoredBrandSettings = Omit<BrandSettings, 'referralCodeInputHint' | 'ssnInfo' | 'terms' | 'gdpr'> & {
  referralCodeInputHint: BrandText;
  ssnInfo: BrandText;
  terms: { label: BrandText; url: string };
  gdpr: { label: BrandText; url: string };
  /** Analytics events stored per minute; past it they are dropped and counted (3000 when absent; server/analytics/bounds.ts). Not in the app's answer. */
  analyticsEventsPerMinute?: number;
  /** Megabytes the brand's raw analytics events may take; past it they are dropped and counted (2048 when absent). Not in the app's answer. */
  analyticsStorageMegabytes?: number;
};

export const brands = pgTable('brand', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Host names (no port) that serve this brand, e.g. aurora.localhost. */
  appHosts: text('app_hosts').array().notNull(),
  authTenantId: text('auth_tenant_id').notNull().unique(),
  contactEmail: text('contact_email').notNull(),
  logoUrl: text('logo_url').notNull(),
  icons: jsonb('icons').$type<Record<string, string>>().notNull().default({}),
  theme: jsonb('theme').$type<BrandTheme>().notNull(),
  navigationBar: jsonb('navigation_bar').$type<StoredNavigationBarEntry[]>().notNull(),
  settings: jsonb('settings').$type<StoredBrandSettings>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's membership in one brand; without one the user cannot use that brand's app. */
export const brandRoles = pgTable(
  'brand_role',
  {
    brandId: text('brand_id').notNull().references(() => brands.id),
    id: text('id').notNull(),
    userId: text('user_id').notNull(),
    /** The kind of role, e.g. member or staff. */
    brandRoleId: text('brand_role_id').notNull(),
    /** Display name of the role, shown on the More screen when the brand allows it. */
    name: text('name').notNull(),
    /** The role's name per language; `name` when neither the member's nor the brand's language is there. */
    localizedName: jsonb('localized_name').$type<LocalizedText>().notNull().default({}),
    legacyId: integer('legacy_id'),
    /** A revoked role answers 'bad user role for app url'. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One role per member and brand, so the role check is never a choice between two rows.
  (t) => [primaryKey({ columns: [t.brandId, t.id] }), uniqueIndex('brand_role_user_idx').on(t.brandId, t.userId)],
);
