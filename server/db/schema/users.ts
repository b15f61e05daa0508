import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Language } from '../../../domain/language.ts';
import { brands } from './brands.ts';
import { categories } from './offers.ts';

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
    /** The app language the member chose (Language screen); their mails follow it. Null until they choose. */
    language: text('language').$type<Language>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.id] }),
    uniqueIndex('app_user_ssn_idx').on(t.brandId, t.ssn),
    // The API's bound (contract/account.ts) held by the database too: no writer stores an oversize token.
    check('app_user_push_notification_token_check', sql`char_length(${t.pushNotificationToken}) BETWEEN 1 AND 1024`),
  ],
);

/** A member's favourite category (My categories); goes with the account. */
export const favouriteCategories = pgTable(
  'favourite_category',
  {
    brandId: text('brand_id').notNull(),
    userId: text('user_id').notNull(),
    categoryId: text('category_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.userId, t.categoryId] }),
    foreignKey({ columns: [t.brandId, t.userId], foreignColumns: [users.brandId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.brandId, t.categoryId], foreignColumns: [categories.brandId, categories.id] }).onDelete('cascade'),
  ],
);
