import { jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A file sent with a mail (an order's calendar events and ticket QR codes): `content` is text
 * (ICS) as sent, or base64 with `encoding` 'base64' (images). An image with `contentId` is shown
 * in the HTML body where it says `cid:<contentId>`.
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding?: 'base64';
  contentId?: string;
}

/** Every mail the product sends; the embedded mail provider only writes here. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  brandId: text('brand_id'),
  to: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text_body').notNull(),
  html: text('html_body'),
  attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
