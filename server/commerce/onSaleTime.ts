import type { Executor } from '../db/database.ts';
import { badRequest, notFound } from '../errors.ts';
import { setVariantOnSaleAt } from '../repositories/saleQueue.repository.ts';

/**
 * The operator's on-sale time of a variant (`npm run offer:on-sale`, POST /admin/offers/on-sale;
 * docs/checkout.md "The sale queue"): when it goes on sale, or none (on sale now).
 */

/** What the operator wrote: an ISO date-time with its zone (`Z` or `+01:00`), `+10m` (`s`, `m`, `h`, `d`) from now, or `none`. */
export function parseOnSaleTime(text: string, now: number): Date | null {
  const written = text.trim();
  if (written === 'none') return null;
  const relative = /^\+(\d{1,6})([smhd])$/.exec(written);
  if (relative) return new Date(now + Number(relative[1]) * { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[relative[2] as 's' | 'm' | 'h' | 'd']);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(written) || Number.isNaN(Date.parse(written))) {
    throw badRequest(
      'invalid_on_sale_time',
      `"${written}" is not an on-sale time: give a date-time with its zone (2026-12-01T19:00:00+01:00), +10m (s, m, h, d) from now, or none`,
    );
  }
  return new Date(written);
}

/** Sets the variant's on-sale time (null: none); 404 `item_not_found` when the brand has no such variant. */
export async function setOnSaleTime(db: Executor, brandId: string, itemVariantId: string, onSaleAt: Date | null) {
  const row = await setVariantOnSaleAt(db, brandId, itemVariantId, onSaleAt);
  if (!row) throw notFound('item_not_found', `Brand ${brandId} has no item variant ${itemVariantId}`);
  return { brandId, itemVariantId: row.id, offerId: row.offerId, onSaleAt: row.onSaleAt?.toISOString() ?? null };
}
