import { randomUUID } from 'node:crypto';
import { eq, and } from 'drizzle-orm';
import type { Database } from '../../server/db/database.ts';
import { brandRoles, orders, type OrderStatus } from '../../server/db/schema/index.ts';
import { insertTickets } from '../../server/repositories/tickets.repository.ts';
import { loadOrCreateTicketKey, signTicket } from '../../server/tickets/ticketCodes.ts';
import type { TestApp } from './support/testApp.ts';
import { makeMember } from './support/factories.ts';
import { makeOffer } from './support/factories.ts';
import { makeVariant } from './support/commerceFactories.ts';

/**
 * A ticketed offer with one evening starting `startsInMs` from now (the door lists those within
 * its window): one variant, whose id is the evening's id.
 */
export async function makeEvening(db: Database, brandId: string, offerId: string, startsInMs: number, title = `Evening ${offerId}`) {
  const start = new Date(Date.now() + startsInMs);
  await makeOffer(db, brandId, offerId, { type: 'live', itemVariantType: 'ticket', title, localized: { title: { en: title, sv: `Kväll ${offerId}` } } });
  await makeVariant(db, brandId, offerId, `${offerId}-v0`, {
    title: 'Standing',
    localized: { title: { en: 'Standing', sv: 'Ståplats' } },
    dateStart: start,
    dateEnd: new Date(start.getTime() + 3 * 3_600_000),
  });
  return { offerId, variantId: `${offerId}-v0`, eveningId: `${offerId}-v0`, start };
}

/**
 * Another ticket variant of the offer: at an evening's start and city (makeEvening's has none) it
 * is one more ticket type of that evening; at another start or in another city, another evening.
 */
export async function addVariant(db: Database, brandId: string, offerId: string, variantId: string, position: number, start: Date, city: string | null = null) {
  await makeVariant(db, brandId, offerId, variantId, {
    position,
    title: 'Seated',
    localized: { title: { en: 'Seated', sv: 'Sittplats' } },
    dateStart: start,
    dateEnd: new Date(start.getTime() + 3 * 3_600_000),
    locationCity: city,
  });
  return { offerId, variantId, eveningId: variantId, start };
}

/** A door device's id (docs/door.md): random, made once per device. */
export const newDeviceId = () => `device-${randomUUID()}`;

/** A paid (or cancelled, refunded) order of `holderId` with `count` tickets of the evening: their ids and signed codes. */
export async function sellTickets(db: Database, brandId: string, holderId: string, evening: { offerId: string; variantId: string }, count = 1, status: OrderStatus = 'paid') {
  const orderId = `order-${randomUUID()}`;
  await db.insert(orders).values({
    brandId, id: orderId, userId: holderId, checkoutSessionId: `cs-${orderId}`, amount: 10_000 * count, currency: 'SEK',
    feeRecord: {}, taxList: [], status, createdAt: new Date(), cancelledAt: status === 'paid' ? null : new Date(),
  });
  const key = await loadOrCreateTicketKey(db, brandId);
  const rows = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const id = randomUUID();
      const code = await signTicket(key, { ticketId: id, orderId, offerId: evening.offerId, itemVariantId: evening.variantId, brandId });
      return { brandId, id, orderId, lineNo: 1, unitNo: i + 1, offerId: evening.offerId, itemVariantId: evening.variantId, code };
    }),
  );
  await insertTickets(db, rows);
  return rows.map((r) => ({ ticketId: r.id, code: r.code }));
}

/** A signed-in account of the brand with the given role kind (`door`, `member`), or a revoked door role. */
export async function signedInStaff(t: TestApp, brand: { id: string; authTenantId: string }, appUrl: string, kind: 'door' | 'member' | 'revokedDoor', name: string) {
  const email = `${name}-${randomUUID().slice(0, 8)}@${brand.id}.test`;
  const uid = await makeMember(t.db, t.identity, brand, { email, firstName: name, lastName: 'Test', role: kind === 'revokedDoor' ? 'revoked' : 'active' });
  if (kind !== 'member') await t.db.update(brandRoles).set({ brandRoleId: 'door', name: 'Door' }).where(and(eq(brandRoles.brandId, brand.id), eq(brandRoles.userId, uid)));
  const idToken = await t.idTokenFor(brand.authTenantId, email);
  return { uid, headers: { host: new URL(appUrl).host, 'x-app-url': appUrl, authorization: `Bearer ${idToken}` } };
}
