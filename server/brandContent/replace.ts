import type { Database } from '../db/database.ts';
import type { BrandRow } from '../repositories/brands.repository.ts';
import { listBrandIds, replaceBrandContent } from '../repositories/brandContent.repository.ts';
import type { BrandContentUpdate } from './contentFile.ts';

export class BrandNotFoundError extends Error {
  override readonly name = 'BrandNotFoundError';
}

/**
 * Writes a checked content file (`parseContentFile`) for the brand in one transaction: its
 * content row, contact e-mail and terms and privacy links. Answers the brand as it is now.
 */
export async function writeBrandContent(db: Database, brandId: string, update: BrandContentUpdate, at = new Date()): Promise<BrandRow> {
  const brand = await db.transaction((tx) => replaceBrandContent(tx, brandId, update, at));
  if (brand) return brand;
  const known = await listBrandIds(db);
  throw new BrandNotFoundError(`There is no brand ${brandId}${known.length > 0 ? ` (brands: ${known.join(', ')})` : ''}`);
}

/** What was written, in a few lines for the operator. */
export function describeUpdate(update: BrandContentUpdate): string[] {
  const { content, contactEmail } = update;
  const { contact } = content;
  const hours = contact.supportHours.weekly.length;
  return [
    `  FAQ: ${content.faq.length} entr${content.faq.length === 1 ? 'y' : 'ies'}`,
    `  contact: ${contactEmail}, ${contact.phone}, support ${hours} day${hours === 1 ? '' : 's'} a week, chat ${contact.chatUrl ?? 'none'}, Messenger ${contact.messengerUrl ?? 'none'}`,
    `  terms ${update.terms.url}, privacy ${update.gdpr.url}`,
  ];
}
