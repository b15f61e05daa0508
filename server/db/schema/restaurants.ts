import { boolean, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../../../domain/language.ts';
import { brands } from './brands.ts';

/**
 * When a restaurant takes table bookings through our booking widget: seatings per ISO weekday
 * (1 Monday … 7 Sunday) as `HH:MM` in the brand's time zone, and how many covers (guests) each
 * seating holds. A weekday missing from `weekly` takes no bookings.
 */
export interface TableBookingSettings {
  weekly: { day: number; seatings: string[] }[];
  coversPerSeating: number;
  /** The largest party one booking may be for. */
  maxPartySize: number;
  /** How many days ahead a guest may book, today included. */
  daysAhead: number;
}

export const restaurants = pgTable(
  'restaurant',
  {
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id),
    id: text('id').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    /** ISO 3166 alpha-2; the API answers the country's name in the member's language. */
    countryCode: text('country_code').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    phone: text('phone').notNull().default(''),
    mapsUrl: text('maps_url'),
    shortDescription: jsonb('short_description').$type<LocalizedText>().notNull().default({}),
    restaurantUrl: text('restaurant_url'),
    /** Any provider's booking widget; ours when `booking` is set (`/booking/{brand}/{id}`). */
    restaurantWidgetUrl: text('restaurant_widget_url'),
    /** Seatings and covers for our booking widget; null when it takes no bookings through it. */
    booking: jsonb('booking').$type<TableBookingSettings>(),
    /** A hidden restaurant is left out of the guide and its detail answers not found. */
    visible: boolean('visible').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.id] })],
);

/** The role every member without a role-specific row falls back to. */
export const ANY_BRAND_ROLE = '*';

/** How the guide's map opens: the brand's row (`brand_role_id` '*') or one for a kind of role. */
export const restaurantMapSettings = pgTable(
  'restaurant_map_settings',
  {
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id),
    /** A brand role's `brandRoleId` (member, staff, …), or '*' for every role without its own row. */
    brandRoleId: text('brand_role_id').notNull().default(ANY_BRAND_ROLE),
    /** Null: the deployment's GOOGLE_MAPS_API_KEY, else no map. */
    apiKey: text('api_key'),
    mapId: text('map_id'),
    centerLat: doublePrecision('center_lat').notNull(),
    centerLng: doublePrecision('center_lng').notNull(),
    zoom: integer('zoom').notNull(),
    zoomControl: boolean('zoom_control').notNull().default(true),
    mapTypeControl: boolean('map_type_control').notNull().default(false),
    streetViewControl: boolean('street_view_control').notNull().default(false),
    fullscreenControl: boolean('fullscreen_control').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.brandRoleId] })],
);

/** A table booked through our booking widget; cancelled bookings keep their row and free their covers. */
export const tableBookings = pgTable(
  'table_booking',
  {
    id: serial('id').primaryKey(),
    brandId: text('brand_id').notNull(),
    restaurantId: text('restaurant_id').notNull(),
    seatingAt: timestamp('seating_at', { withTimezone: true }).notNull(),
    partySize: integer('party_size').notNull(),
    guestName: text('guest_name').notNull(),
    guestEmail: text('guest_email').notNull(),
    guestPhone: text('guest_phone').notNull(),
    /** The language the guest booked in: their confirmation and cancel page use it. */
    language: text('language').notNull(),
    /** SHA-256 of the cancel link's token; the token itself is only in the guest's mail. */
    cancelTokenHash: text('cancel_token_hash').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('table_booking_seating_idx').on(t.brandId, t.restaurantId, t.seatingAt),
    uniqueIndex('table_booking_cancel_token_idx').on(t.cancelTokenHash),
    foreignKey({ columns: [t.brandId, t.restaurantId], foreignColumns: [restaurants.brandId, restaurants.id] }),
  ],
);
