import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';

export interface Address {
  careOf: string;
  street: string;
  zipCode: string;
  city: string;
}

/** The member's profile in one brand; `id` is the identity provider's uid. */
export const users = pgTable(
  'app_user',
  {
    brandId: text('brand_id').notNull().references(() => brands.id),
    id: text('id').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    ssn: text('ssn'),
    addressList: jsonb('address_list').$type<Address[]>().notNull().default([]),
    companyName: text('company_name'),
    companyAddress: jsonb('company_address').$type<Address | null>(),
    pushNotificationToken: text('push_notification_token'),
    completedOnboarding: boolean('completed_onboarding').notNull().default(false),
    /** The member chose the password (at sign-up, set-up or a reset); false while they hold a generated one. */
    passwordChosen: boolean('password_chosen').notNull().default(false),
    /** What the member gave at set-up: a referral code, or the first six digits of a bank card. */
    referralCode: text('referral_code'),
    /** When the member accepted the brand's terms and privacy policy at sign-up. */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.id] }), uniqueIndex('app_user_ssn_idx').on(t.brandId, t.ssn)],
);
