import { addressKey } from '../addresses.ts';
import { ApiError, notFound } from '../errors.ts';
import { isOnSale, saleRefusalMessages } from '../../domain/saleRules.ts';
import type { Language } from '../../domain/language.ts';
import { textIn, type TextLanguages } from '../language.ts';
import type { MemberWaitingListPlace, WaitingListPlace } from '../../contract/waitingList.ts';
import type { Executor } from '../db/database.ts';
import { readTogether } from '../db/readTogether.ts';
import { tryLockSweptWork } from '../repositories/jobClaims.repository.ts';
import { findBrandById } from '../repositories/brands.repository.ts';
import { findVariantsWithOffers } from '../repositories/itemVariants.repository.ts';
import { findUser } from '../repositories/users.repository.ts';
import {
  countAhead,
  countPlacesFromAddress,
  expireLapsedOffer,
  findEntry,
  lapsedOffers,
  linesWithWaiting,
  memberPlaces,
  upsertWaitingEntry,
  type EntryRow,
} from '../repositories/waitingList.repository.ts';
import { deleteOfferedPlaceHold } from '../repositories/stock.repository.ts';
import { stepOf, type CommerceDeps, type Member } from './context.ts';
import { countWaitingListJoin } from './limits.ts';
import { saleTermsOf } from './saleTerms.ts';
import { availabilityOf, dropPlace, loadStockUse, lockVariants, offerFreedUnits, type OfferedPlace } from './stock.ts';

/**
 * The fair waiting list of sold-out variants (docs/waiting-list.md): members line up in
 * `position` order; freed units are offered one each to the first in line (commerce/stock.ts).
 * Fair to people, not accounts: places per client address and variant are limited (brand
 * setting `waitingListPlacesPerAddress`), and joining is counted per address like account creation.
 */

/** Places one client address may hold on one variant when the brand sets none. */
export const defaultPlacesPerAddress = 2;

export const waitingListRefusals = {
  notSoldOut: () => new ApiError(409, 'waiting_list/not_sold_out', 'The item is not sold out; buy it instead'),
  variantNotFound: () => notFound('waiting_list/item_not_found', 'There is no such item'),
  ended: () => new ApiError(409, 'checkout/offer-ended', saleRefusalMessages.ended),
  addressFull: () => new ApiError(409, 'waiting_list/address_limit', 'This connection already holds as many places on this waiting list as allowed'),
};

/** The member's place as the API shows it; `place` counts from 1 among those still waiting. */
async function placeOf(db: Executor, entry: EntryRow | null, itemVariantId: string): Promise<WaitingListPlace> {
  if (!entry || entry.status === 'left' || entry.status === 'bought') return { itemVariantId, status: 'notWaiting', place: null, offeredUntil: null };
  if (entry.status === 'waiting') return { itemVariantId, status: 'waiting', place: (await countAhead(db, entry)) + 1, offeredUntil: null };
  return { itemVariantId, status: entry.status, place: null, offeredUntil: entry.offeredUntil?.getTime() ?? null };
}

/** The member's places on the offer's variants (those they are in line for, were offered, or saw lapse). */
export async function placesOnOffer(db: Executor, member: Member, offerId: string): Promise<WaitingListPlace[]> {
  const rows = await memberPlaces(db, member, offerId);
  return readTogether(db, ...rows.map(({ entry }) => () => placeOf(db, entry, entry.itemVariantId)));
}

/** Every place the member holds or held, with what it is for ("My waiting lists", named in `languages`), earliest evening first. */
export async function placesOfMember(db: Executor, member: Member, languages: TextLanguages): Promise<MemberWaitingListPlace[]> {
  const rows = await memberPlaces(db, member);
  return readTogether(
    db,
    ...rows.map((row) => async () => ({
      ...((await placeOf(db, row.entry, row.entry.itemVariantId)) as WaitingListPlace & { status: MemberWaitingListPlace['status'] }),
      offerId: row.offerId,
      offerType: row.offerType,
      offerTitle: textIn(row.offerTexts.title, languages, row.offerTitle),
      variantTitle: textIn(row.variantTexts.title, languages, row.variantTitle),
      dateStart: row.dateStart?.getTime() ?? null,
      city: row.city,
    })),
  );
}

/**
 * Joins the variant's line under its row lock, so the sold-out check and the place are one step:
 * only a sold-out, still running variant has a line; a member already in line or offered a place
 * keeps it (joining twice changes nothing). A new place is counted against the address's limits.
 */
export async function joinWaitingList(
  deps: CommerceDeps,
  member: Member & { language: Language; appOrigin: string; clientAddress: string },
  itemVariantId: string,
): Promise<WaitingListPlace> {
  const { brandId, userId } = member;
  const now = deps.now();
  // Places per address are counted per IPv6 /64 (addressKey), so the entry keeps that key, not the address.
  const clientAddress = addressKey(member.clientAddress);
  return deps.db.transaction(async (tx) => {
    await lockVariants(tx, brandId, [itemVariantId]);
    const [found] = await findVariantsWithOffers(tx, brandId, [itemVariantId]);
    if (!found) throw waitingListRefusals.variantNotFound();
    const current = await findEntry(tx, { brandId, itemVariantId, userId });
    if (current?.status === 'waiting' || current?.status === 'offered') return placeOf(tx, current, itemVariantId);
    if (!isOnSale(saleTermsOf(found.variant, found.offer.active), now)) throw waitingListRefusals.ended();
    const use = await loadStockUse(tx, brandId, [itemVariantId], now, userId);
    if (availabilityOf(found.variant, use) > 0) throw waitingListRefusals.notSoldOut();
    const profile = await findUser(tx, brandId, userId);
    const brand = await findBrandById(tx, brandId);
    if (!profile) throw new ApiError(404, 'user_not_found', 'The user was not found');
    const perAddress = brand?.settings.waitingListPlacesPerAddress ?? defaultPlacesPerAddress;
    if ((await countPlacesFromAddress(tx, brandId, itemVariantId, clientAddress)) >= perAddress) throw waitingListRefusals.addressFull();
    await countWaitingListJoin(tx, deps.limits, clientAddress, now);
    const entry = await upsertWaitingEntry(
      tx,
      { brandId, itemVariantId, userId },
      { joinedAt: new Date(now), email: profile.email, language: member.language, appOrigin: member.appOrigin, clientAddress },
    );
    return placeOf(tx, entry, itemVariantId);
  });
}

/** Leaves the line; a place offered and not being paid goes to the next member at once. */
export async function leaveWaitingList(deps: CommerceDeps, member: Member, itemVariantId: string): Promise<WaitingListPlace> {
  const place = await deps.db.transaction(async (tx) => {
    await lockVariants(tx, member.brandId, [itemVariantId]);
    const entry = await findEntry(tx, { ...member, itemVariantId });
    if (entry && (entry.status === 'waiting' || entry.status === 'offered' || entry.status === 'expired')) {
      await dropPlace(tx, entry, 'left');
      await offerFreedUnits(stepOf(deps, tx, deps.now()), member.brandId, [itemVariantId]);
    }
    return placeOf(tx, null, itemVariantId);
  });
  void deps.mail.dispatch();
  return place;
}

/** A deleted account leaves every line it stood in; places held for it go to the next members at once. */
export async function leaveAllWaitingLists(deps: CommerceDeps, member: Member): Promise<void> {
  for (const { entry } of await memberPlaces(deps.db, member)) await leaveWaitingList(deps, member, entry.itemVariantId);
}

/** The swept work of one waiting line (a brand's variant): one instance's sweep at a time, the others skip it. */
export const waitingLineWork = (line: { brandId: string; itemVariantId: string }) => `waiting-list:${line.brandId}:${line.itemVariantId}`;

/**
 * Offers that lapsed unused expire and pass on; units freed without an event (a checkout hold
 * that lapsed before the checkout sweep settled it) are offered to whoever waits. Bounded per run.
 */
export async function sweepWaitingLists(deps: CommerceDeps, limit = 100): Promise<{ expired: number; offered: number }> {
  const now = deps.now();
  const [lapsed, lines] = await readTogether(deps.db, () => lapsedOffers(deps.db, now, limit), () => linesWithWaiting(deps.db, limit));
  let expired = 0;
  const offered: OfferedPlace[] = [];
  const underLock = async (line: { brandId: string; itemVariantId: string }, before: (tx: Executor) => Promise<void>) => {
    const places = await deps.db.transaction(async (tx) => {
      // Another instance sweeping this line now does it: skip rather than wait for its locks.
      if (!(await tryLockSweptWork(tx, waitingLineWork(line)))) return [];
      await lockVariants(tx, line.brandId, [line.itemVariantId]);
      await before(tx);
      return offerFreedUnits(stepOf(deps, tx, now), line.brandId, [line.itemVariantId]);
    });
    offered.push(...places);
  };
  for (const entry of lapsed) {
    await underLock(entry, async (tx) => {
      if (!(await expireLapsedOffer(tx, entry, now))) return;
      expired++;
      await deleteOfferedPlaceHold(tx, entry);
    });
  }
  for (const line of lines) await underLock(line, async () => undefined);
  return { expired, offered: offered.length };
}
