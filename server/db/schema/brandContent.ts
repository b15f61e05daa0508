import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { SupportDay } from '../../../contract/brandContent.ts';
import type { LocalizedText } from '../../../domain/language.ts';
import { brands } from './brands.ts';

/**
 * A brand's FAQ, About and contact details as stored, each text per language. The contact
 * e-mail lives on the brand (`contact_email`), terms and privacy in its settings, and the
 * support hours' zone is the brand's `timeZone` setting.
 */
export interface StoredBrandContent {
  faq: { id: string; question: LocalizedText; answer: LocalizedText }[];
  about: { header: LocalizedText; body: LocalizedText };
  contact: {
    customerServiceText: LocalizedText;
    phone: string;
    supportHours: { weekly: SupportDay[]; note: LocalizedText };
    chatUrl: string | null;
    messengerUrl: string | null;
  };
}

export const brandContent = pgTable('brand_content', {
  brandId: text('brand_id')
    .primaryKey()
    .references(() => brands.id),
  content: jsonb('content').$type<StoredBrandContent>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
