import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';

/**
 * Our side of a bank-eID sign-in, whichever provider runs the order: the brand it belongs to,
 * the QR secret (never sent to the browser) and whether it has given its one custom token.
 */
export const eidSignIns = pgTable(
  'eid_sign_in',
  {
    orderRef: text('order_ref').primaryKey(),
    brandId: text('brand_id').notNull().references(() => brands.id),
    qrStartToken: text('qr_start_token').notNull(),
    qrStartSecret: text('qr_start_secret').notNull(),
    endUserIp: text('end_user_ip').notNull(),
    /** When the provider answered the auth call: animated QR codes count seconds from here. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Set once, when the order gave its token or was cancelled; it is then spent. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('eid_sign_in_address_idx').on(t.endUserIp, t.startedAt), index('eid_sign_in_started_idx').on(t.startedAt)],
);

/** The orders of the simulated BankID service (the embedded eID provider) and its phone. */
export const eidSimulatedOrders = pgTable(
  'eid_simulated_order',
  {
    orderRef: text('order_ref').primaryKey(),
    autoStartToken: text('auto_start_token').notNull().unique(),
    qrStartToken: text('qr_start_token').notNull().unique(),
    qrStartSecret: text('qr_start_secret').notNull(),
    endUserIp: text('end_user_ip').notNull(),
    /** pending | failed | complete, as collect answers; cancelled once the relying party cancels. */
    status: text('status').notNull(),
    hintCode: text('hint_code'),
    /** Who identified on the phone (completion data); kept only as long as the order. */
    personalNumber: text('personal_number'),
    givenName: text('given_name'),
    surname: text('surname'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('eid_simulated_order_created_idx').on(t.createdAt)],
);
