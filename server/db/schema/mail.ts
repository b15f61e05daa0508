import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

/**
 * Every mail the product sends; the embedded mail provider only writes here. `direct` mails
 * (reset links) are handed to the provider by the request that made them; `queued` mails are
 * written in the same transaction as what they tell (an order, an offered place, a
 * cancellation) and a dispatcher delivers each once, retrying with backoff until `sent_at`.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
  id: serial('id').primaryKey(),
  brandId: text('brand_id'),
  to: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text_body').notNull(),
  html: text('html_body'),
  attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  delivery: text('delivery').$type<'direct' | 'queued'>().notNull().default('direct'),
  /** What the mail is about (e.g. `order:<brand>:<id>`): one queued mail per key. */
  dedupeKey: text('dedupe_key'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  /** A dispatcher is sending it until then; another may take it over after. */
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  lastError: text('last_error'),
  },
  (t) => [uniqueIndex('mail_outbox_dedupe_idx').on(t.dedupeKey), index('mail_outbox_queue_idx').on(t.delivery, t.sentAt, t.nextAttemptAt)],
);
