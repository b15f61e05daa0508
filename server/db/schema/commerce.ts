import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';
import { offers } from './offers.ts';
import { users } from './users.ts';
import type { ImageOptions } from '../../../contract/offer.ts';
import type { LocalizedText } from '../../../domain/language.ts';

/** A variant's texts in the languages the brand writes them in; the plain columns hold the English (the last fallback). */
export interface VariantTranslations {
  title?: LocalizedText;
  description?: LocalizedText;
}

/** A VAT rate of the brand (spec 3: percentage, display_name), e.g. 25 % or 6 %. */
export const taxRates = pgTable(
  'tax_rate',
  {
    brandId: text('brand_id').notNull().references(() => brands.id),
    id: text('id').notNull(),
    percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    displayName: text('display_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.id] }), check('tax_rate_percentage_range', sql`${t.percentage} >= 0 AND ${t.percentage} <= 100`)],
);

/** A fee added to the price of every unit of the variants that list it (a service or booking fee). */
export const customFees = pgTable(
  'custom_fee',
  {
    brandId: text('brand_id').notNull().references(() => brands.id),
    id: text('id').notNull(),
    title: text('title').notNull(),
    /** Minor units (öre). */
    priceCurrent: integer('price_current').notNull(),
    priceOriginal: integer('price_original').notNull(),
    taxRateIds: text('tax_rate_ids').array().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.id] }),
    check('custom_fee_price_nonnegative', sql`${t.priceCurrent} >= 0 AND ${t.priceOriginal} >= 0`),
  ],
);

/**
 * One thing an offer sells: a ticket (date and place) or an item (a size). `stock` is how many
 * were put on sale; availability is derived from it (today: stock itself; with orders: stock
 * minus sold minus live holds), never kept as a separate counter.
 */
export const itemVariants = pgTable(
  'item_variant',
  {
    brandId: text('brand_id').notNull().references(() => brands.id),
    id: text('id').notNull(),
    offerId: text('offer_id').notNull(),
    /** Order within the offer's itemVariantList. */
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    localized: jsonb('localized').$type<VariantTranslations>().notNull().default({}),
    images: jsonb('images').$type<ImageOptions[]>().notNull().default([]),
    /** Minor units (öre), VAT included. */
    priceCurrent: integer('price_current').notNull(),
    priceOriginal: integer('price_original').notNull(),
    currency: text('currency').notNull().default('SEK'),
    customFeeIds: text('custom_fee_ids').array().notNull().default([]),
    taxRateIds: text('tax_rate_ids').array().notNull().default([]),
    /** Most units one member may have in the cart (and buy); null when unlimited. */
    purchaseCap: integer('purchase_cap'),
    dateStart: timestamp('date_start', { withTimezone: true }),
    dateEnd: timestamp('date_end', { withTimezone: true }),
    locationAddress: text('location_address'),
    locationZipCode: text('location_zip_code'),
    locationCity: text('location_city'),
    locationMapUrl: text('location_map_url'),
    stock: integer('stock').notNull().default(0),
    /**
     * When the variant goes on sale (null: on sale now). Before it nobody can buy it; members who
     * come in the last minutes before it wait in its sale queue (`sale_queue_place`).
     */
    onSaleAt: timestamp('on_sale_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.id] }),
    foreignKey({ columns: [t.brandId, t.offerId], foreignColumns: [offers.brandId, offers.id] }),
    index('item_variant_offer_idx').on(t.brandId, t.offerId, t.position),
    check('item_variant_price_nonnegative', sql`${t.priceCurrent} >= 0 AND ${t.priceOriginal} >= 0`),
    check('item_variant_stock_nonnegative', sql`${t.stock} >= 0`),
    check('item_variant_purchase_cap_positive', sql`${t.purchaseCap} IS NULL OR ${t.purchaseCap} >= 1`),
  ],
);

/**
 * The member's cart header: one row per member, locked by every cart write so writes of one
 * member are applied one after another; `version` grows with each write (a stale whole-list
 * write that names an older version is refused).
 */
export const shoppingCarts = pgTable(
  'shopping_cart',
  {
    brandId: text('brand_id').notNull(),
    userId: text('user_id').notNull(),
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.userId] }),
    foreignKey({ columns: [t.brandId, t.userId], foreignColumns: [users.brandId, users.id] }).onDelete('cascade'),
  ],
);

/** One line of a member's cart: a variant and how many. */
export const shoppingCartLines = pgTable(
  'shopping_cart_line',
  {
    brandId: text('brand_id').notNull(),
    userId: text('user_id').notNull(),
    itemVariantId: text('item_variant_id').notNull(),
    offerId: text('offer_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** Lines are listed in the order they were first added. */
    lineNo: bigint('line_no', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.userId, t.itemVariantId] }),
    foreignKey({ columns: [t.brandId, t.userId], foreignColumns: [shoppingCarts.brandId, shoppingCarts.userId] }).onDelete('cascade'),
    foreignKey({ columns: [t.brandId, t.itemVariantId], foreignColumns: [itemVariants.brandId, itemVariants.id] }).onDelete('cascade'),
    check('shopping_cart_line_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);
