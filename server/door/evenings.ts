import type { EveningVariantRow } from '../repositories/door.repository.ts';

/**
 * An evening at the door (docs/door.md): the ticket variants of one offer with the same start and
 * the same city — an offer with several nights or cities has one evening for each. Its id is the
 * id of its first variant (lowest position, then id): stable, and already URL-safe.
 */
export interface Evening {
  brandId: string;
  eveningId: string;
  offerId: string;
  title: string;
  localized: EveningVariantRow['localized'];
  startsAt: Date;
  city: string | null;
  variantIds: string[];
}

/** The evenings of `rows`, each whole only when `rows` hold all its variants; the earliest first. */
export function eveningsOf(rows: readonly EveningVariantRow[]): Evening[] {
  const byKey = new Map<string, Evening>();
  const ordered = [...rows].sort((a, b) => a.position - b.position || (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0));
  for (const row of ordered) {
    const key = JSON.stringify([row.brandId, row.offerId, row.startsAt.getTime(), row.city]);
    const evening = byKey.get(key);
    if (evening) evening.variantIds.push(row.variantId);
    else
      byKey.set(key, {
        brandId: row.brandId,
        eveningId: row.variantId,
        offerId: row.offerId,
        title: row.title,
        localized: row.localized,
        startsAt: row.startsAt,
        city: row.city,
        variantIds: [row.variantId],
      });
  }
  return [...byKey.values()].sort(
    (a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.brandId.localeCompare(b.brandId) || a.offerId.localeCompare(b.offerId) || a.eveningId.localeCompare(b.eveningId),
  );
}
