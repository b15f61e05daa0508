import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Every mail the product sends; the embedded mail provider only writes here. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  brandId: text('brand_id'),
  to: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text_body').notNull(),
  html: text('html_body'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
