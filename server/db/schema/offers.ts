import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';
import type { CallToAction, ContentBlock, ImageOptions, OfferType } from '../../../contract/offer.ts';
import type { LocalizedText } from '../../../domain/language.ts';

/**
 * An offer's texts in the languages the brand writes them in, beside the plain columns, which hold
 * the English text (what a reader that names no language gets, and the last fallback).
 */
export interface OfferTranslations {
  title?: LocalizedText;
  teaserLine?: LocalizedText;
  preamble?: LocalizedText;
  callToActionLabel?: LocalizedText;
  /** The mailTo call to action's message. */
  callToActionMessage?: LocalizedText;
  companionOfferHeader?: LocalizedText;
  /** The puff image's description (its alt text). */
  imageDescription?: LocalizedText;
}

export const categories = pgTable(
  'category',
  {
    brandId: text('brand_id').notNull().references(() => brands.id),
    id: text('id').notNull(),
    name: text('name').notNull(),
    /** The name per language; `name` when the member's and the brand's language are both missing. */
    localizedName: jsonb('localized_name').$type<LocalizedText>().notNull().default({}),
    typeList: text('type_list').array().$type<OfferType[]>().notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.id] })],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const offers = pgTable(
  'offer',
  {
    brandId: text('brand_id').notNull().references(() => brands.id),
    id: text('id').notNull(),
    type: text('type').$type<OfferType>().notNull(),
    categoryId: text('category_id'),
    title: text('title').notNull(),
    teaserLine: text('teaser_line').notNull().default(''),
    preamble: text('preamble').notNull().default(''),
    tags: text('tags').array().notNull().default([]),
    puffImage: jsonb('puff_image').$type<ImageOptions>().notNull(),
    /** Minutes; editorial only. */
    readingTime: integer('reading_time'),
    requiresSignIn: boolean('requires_sign_in').notNull().default(true),
    callToAction: jsonb('call_to_action').$type<CallToAction | null>(),
    contentBlocks: jsonb('content_blocks').$type<ContentBlock[]>().notNull().default([]),
    companionOfferId: text('companion_offer_id'),
    companionOfferHeader: text('companion_offer_header'),
    itemVariantType: text('item_variant_type'),
    localized: jsonb('localized').$type<OfferTranslations>().notNull().default({}),
    /** Feed order: newest first. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** An unpublished or expired offer is not listed ('The offer is no longer relevant'). */
    active: boolean('active').notNull().default(true),
    /**
     * Title (A), teaser (B), preamble (C) in every language the offer has, and rich text (D), accents
     * folded, stemmed as en, sv and nb (migrations 0001 and 0013).
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`klubb_offer_search_vector("title", "teaser_line", "preamble", "content_blocks", "localized")`),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.id] }),
    // Active offers in the feed's order, with the category filter's column: a deep page is counted
    // off the index alone (index-only scan) and only its 30 rows are read from the table.
    index('offer_feed_idx').on(t.brandId, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.categoryId).where(sql`active`),
    index('offer_type_feed_idx').on(t.brandId, t.type, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.categoryId).where(sql`active`),
    index('offer_search_idx').using('gin', t.searchVector),
  ],
);

/** The card on top of the feed; at most one active per brand. */
export const billboards = pgTable(
  'billboard',
  {
    brandId: text('brand_id').notNull().references(() => brands.id),
    id: text('id').notNull(),
    offerId: text('offer_id').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.id] })],
);
