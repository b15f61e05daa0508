import { randomInt } from 'node:crypto';
import type { SaleQueuePlace } from '../../contract/saleQueue.ts';
import { isOnSale } from '../../domain/saleRules.ts';
import type { Executor } from '../db/database.ts';
import { ApiError, notFound } from '../errors.ts';
import { findVariantRows, findVariantsWithOffers, type ItemVariantRow } from '../repositories/itemVariants.repository.ts';
import {
  admissionsSince,
  admitSalePlaces,
  countOpenAdmissions,
  countWaitingAhead,
  countWaitingPlaces,
  endMemberSalePlaces,
  findSalePlace,
  firstWaitingPlaces,
  insertSalePlace,
  lockSaleLine,
  lockSalePlace,
  loseSilentPlaces,
  tryLockSaleLine,
  updateSalePlace,
  type SaleLine,
  type SalePlaceKey,
  type SalePlaceRow,
} from '../repositories/saleQueue.repository.ts';
import type { CommerceDeps, Member } from './context.ts';
import { saleTermsOf } from './saleTerms.ts';
import { availabilityOf, loadStockUse } from './stock.ts';

/**
 * The sale queue of a variant with an on-sale time (issue 39, docs/checkout.md "The sale queue"):
 * members who come in the last minutes before the on-sale time wait in a line and are let in in
 * a random order at that time, then in the order they came, at the pace the stock can take. One
 * place per member and variant (`sale_queue_place`), however many tabs or devices ask. Nothing
 * runs on a timer: each member's request moves the line on (`advanceLine`), under the line's
 * transaction-scoped lock.
 */

/** The queue opens this long before the on-sale time; before that nobody takes a place (the app counts down). */
export const queueOpensBeforeMs = 15 * 60_000;
/** A waiting place nobody asked about for this long is lost (`left`); the app asks every 5 s while it waits. */
export const placeLostAfterMs = 45_000;
/** An admitted member has this long to open a checkout (`admitted_until`). */
export const admissionMs = 10 * 60_000;
/** The estimate reads the admissions of this last stretch of time. */
export const estimateWindowMs = 5 * 60_000;
/** An estimate needs the pace seen over at least this long (a pace read over seconds says nothing). */
export const minimumObservedMs = 30_000;

export const saleQueueRefusals = {
  variantNotFound: () => notFound('sale_queue/item_not_found', 'There is no such item'),
  notQueued: () => new ApiError(409, 'sale_queue/not-queued', 'This item has no on-sale time and no queue: buy it instead'),
  ended: () => new ApiError(409, 'checkout/offer-ended', 'The offer is no longer relevant'),
  notOnSale: () => new ApiError(409, 'checkout/not-on-sale', 'This item is not on sale yet'),
  turnNeeded: () => new ApiError(409, 'checkout/queue-turn-needed', 'Wait for your turn in the queue'),
};

/** A place keeps at most this many of the member's windows (a client inventing ids cannot grow the row). */
export const tabsPerPlace = 8;

/**
 * The windows asking about a place after `tabId` asked at `now` (or, with `gone`, closed): windows
 * silent for `placeLostAfterMs` are forgotten, and only the `tabsPerPlace` latest are kept.
 */
export function tabsAfter(tabs: Record<string, number>, tabId: string | undefined, now: number, gone = false): Record<string, number> {
  const seen = Object.entries(tabs).filter(([id, at]) => id !== tabId && at > now - placeLostAfterMs);
  if (tabId !== undefined && !gone) seen.push([tabId, now]);
  return Object.fromEntries(seen.sort((a, b) => b[1] - a[1]).slice(0, tabsPerPlace));
}

/** A member's random place among those who came before the on-sale time: [0, 1), from the system's secure source. */
const drawPlace = () => randomInt(0, 2 ** 47) / 2 ** 47;

/**
 * How many more members the line may admit now. Each running admission (admitted, not yet
 * bought, not holding the variant in a checkout: a member who holds is counted by the hold) may
 * take up to the variant's purchase cap, never more than what is available; a variant without a
 * cap counts one unit per member. So every admitted member can buy what they may (no flood), and
 * while units are available and nobody admitted is still choosing, at least one more gets in
 * (no stall; admissions also run out after `admissionMs`).
 */
export function admissionRoom(available: number, openAdmissions: number, purchaseCap: number | null): number {
  if (available <= 0) return 0;
  const unitsPerMember = Math.max(1, Math.min(purchaseCap ?? 1, available));
  return Math.max(0, Math.floor(available / unitsPerMember) - openAdmissions);
}

/** What the line looks like now: units available (to no one in particular), whether all is gone for good, room to admit. */
interface LineFacts {
  available: number;
  soldOut: boolean;
  room: number;
}

async function lineFacts(tx: Executor, variant: ItemVariantRow, now: number): Promise<LineFacts> {
  const use = await loadStockUse(tx, variant.brandId, [variant.id], now);
  const available = availabilityOf(variant, use);
  const taken = use.get(variant.id);
  // Held units may come back (a checkout that lapses, an offer given up); sold ones do not.
  const soldOut = available === 0 && (taken?.held ?? 0) + (taken?.waitingListHeld ?? 0) === 0;
  const open = await countOpenAdmissions(tx, lineOf(variant), now);
  return { available, soldOut, room: admissionRoom(available, open, variant.purchaseCap) };
}

const lineOf = (variant: Pick<ItemVariantRow, 'brandId' | 'id'>): SaleLine => ({ brandId: variant.brandId, itemVariantId: variant.id });
const onSaleTimeOf = (variant: ItemVariantRow) => variant.onSaleAt?.getTime() ?? null;
const isRunningAdmission = (place: SalePlaceRow | null, now: number) =>
  place?.status === 'admitted' && place.admittedUntil !== null && place.admittedUntil.getTime() > now;

/**
 * Moves the line on, under its lock (the caller holds it): silent places are lost; from the
 * on-sale time, the first members waiting are admitted while there is room. Answers the facts
 * after it.
 */
async function advanceLine(tx: Executor, variant: ItemVariantRow, onSaleAt: number, now: number): Promise<LineFacts> {
  const line = lineOf(variant);
  await loseSilentPlaces(tx, line, now - placeLostAfterMs);
  const facts = await lineFacts(tx, variant, now);
  if (now < onSaleAt || facts.room === 0) return facts;
  const next = await firstWaitingPlaces(tx, line, onSaleAt, facts.room);
  await admitSalePlaces(tx, line, next.map((p) => p.userId), now, now + admissionMs);
  return { ...facts, room: facts.room - next.length };
}

/**
 * The member's place in the line: a new one (with its draw), or the one they have, seen now. A
 * place that ended (left, lost, bought, an admission that ran out) starts again: after the on-sale
 * time at the back; before it with the member's own draw, so leaving and coming back draws
 * nothing new. Two requests at once (two tabs) make one row: the second waits for the first.
 */
async function joinOrRefresh(tx: Executor, key: SalePlaceKey, tabId: string | undefined, onSaleAt: number, now: number): Promise<SalePlaceRow> {
  const made = await insertSalePlace(tx, key, { joinedAt: new Date(now), draw: drawPlace(), tabs: tabsAfter({}, tabId, now) });
  if (made) return made;
  const place = (await lockSalePlace(tx, key))!;
  const tabs = tabsAfter(place.tabs, tabId, now);
  if (place.status === 'waiting' || isRunningAdmission(place, now)) return updateSalePlace(tx, key, { seenAt: new Date(now), tabs });
  const keepsTurn = now < onSaleAt && place.joinedAt.getTime() < onSaleAt;
  return updateSalePlace(tx, key, { status: 'waiting', joinedAt: keepsTurn ? place.joinedAt : new Date(now), seenAt: new Date(now), admittedUntil: null, tabs });
}

/**
 * The estimate of a waiting place, in seconds, or null when there is nothing honest to say.
 * Before the on-sale time: the time left when the place is among those the stock lets in at
 * once. After it: the place's number over the pace of admissions seen in the last
 * `estimateWindowMs` (from the first admission in it; a batch let in at once sets no pace).
 */
async function estimateOf(tx: Executor, variant: ItemVariantRow, position: number, facts: LineFacts, onSaleAt: number, now: number): Promise<number | null> {
  if (now < onSaleAt) return position <= facts.room ? Math.ceil((onSaleAt - now) / 1000) : null;
  const { first, later } = await admissionsSince(tx, lineOf(variant), now - estimateWindowMs);
  if (first === null || later === 0 || now - first < minimumObservedMs) return null;
  const perSecond = later / ((now - first) / 1000);
  return Math.ceil(position / perSecond);
}

async function answerOf(tx: Executor, variant: ItemVariantRow, key: SalePlaceKey, facts: LineFacts, onSaleAt: number, now: number): Promise<SaleQueuePlace> {
  const base = { itemVariantId: variant.id, serverNow: now, onSaleAt, opensAt: onSaleAt - queueOpensBeforeMs };
  const none = { position: null, ahead: null, estimateSeconds: null, admittedUntil: null };
  if (facts.soldOut) return { ...base, ...none, state: 'soldOut' };
  const place = (await findSalePlace(tx, key))!;
  if (isRunningAdmission(place, now)) return { ...base, ...none, state: 'admitted', admittedUntil: place.admittedUntil!.getTime() };
  const ahead = await countWaitingAhead(tx, place, onSaleAt);
  const estimateSeconds = await estimateOf(tx, variant, ahead + 1, facts, onSaleAt, now);
  return { ...base, ...none, state: 'waiting', position: ahead + 1, ahead, estimateSeconds };
}

/**
 * POST /v1/sale_queue/place: joins the variant's line or refreshes the member's place in it, moves
 * the line on (unless another request is doing that right now) and answers where the member
 * stands. Before the queue opens no place is taken ('closed').
 */
export async function takeSalePlace(deps: CommerceDeps, member: Member, itemVariantId: string, tabId?: string): Promise<SaleQueuePlace> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [found] = await findVariantsWithOffers(tx, member.brandId, [itemVariantId]);
    if (!found) throw saleQueueRefusals.variantNotFound();
    const { variant } = found;
    const onSaleAt = onSaleTimeOf(variant);
    if (onSaleAt === null) throw saleQueueRefusals.notQueued();
    if (!isOnSale(saleTermsOf(variant, found.offer.active), now)) throw saleQueueRefusals.ended();
    const opensAt = onSaleAt - queueOpensBeforeMs;
    if (now < opensAt) {
      return { itemVariantId, serverNow: now, onSaleAt, opensAt, state: 'closed', position: null, ahead: null, estimateSeconds: null, admittedUntil: null };
    }
    const key = { ...member, itemVariantId };
    await joinOrRefresh(tx, key, tabId, onSaleAt, now);
    // Another member's request moving the line now does it for this one too: no waiting on it.
    const facts = (await tryLockSaleLine(tx, lineOf(variant))) ? await advanceLine(tx, variant, onSaleAt, now) : await lineFacts(tx, variant, now);
    return answerOf(tx, variant, key, facts, onSaleAt, now);
  });
}

/**
 * POST /v1/sale_queue/leave: the member gives their place (or their turn) up. With `tabId`, that
 * window closed: the place stays while another of the member's windows asked about it within
 * `placeLostAfterMs`. Nothing to give up changes nothing.
 */
export async function leaveSaleQueue(deps: CommerceDeps, member: Member, itemVariantId: string, tabId?: string): Promise<void> {
  if (tabId === undefined) {
    await endMemberSalePlaces(deps.db, member, [itemVariantId], 'left');
    return;
  }
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const key = { ...member, itemVariantId };
    const place = await lockSalePlace(tx, key);
    if (!place) return;
    const tabs = tabsAfter(place.tabs, tabId, now, true);
    if (Object.keys(tabs).length === 0) await endMemberSalePlaces(tx, member, [itemVariantId], 'left');
    await updateSalePlace(tx, key, { tabs });
  });
}

/**
 * For the checkout (inside its first transaction): every variant with an on-sale time must be on
 * sale, and the member must have their turn: an admission still running, or, when nobody waits
 * and the stock has room, one given now (the line serves late comers at once). Refuses with 409
 * `checkout/not-on-sale` before the on-sale time and `checkout/queue-turn-needed` otherwise.
 */
export async function requireSaleAdmission(tx: Executor, member: Member, variants: { id: string; onSaleAt: Date | null }[], now: number): Promise<void> {
  const queued = variants.filter((v) => v.onSaleAt !== null).sort((a, b) => a.id.localeCompare(b.id));
  for (const v of queued) if (now < v.onSaleAt!.getTime()) throw saleQueueRefusals.notOnSale();
  for (const v of queued) {
    const key = { ...member, itemVariantId: v.id };
    if (isRunningAdmission(await findSalePlace(tx, key), now)) continue;
    const [variant] = await findVariantRows(tx, member.brandId, [v.id]);
    if (!variant) throw saleQueueRefusals.turnNeeded();
    const line = lineOf(variant);
    await lockSaleLine(tx, line);
    const facts = await advanceLine(tx, variant, v.onSaleAt!.getTime(), now);
    const place = await findSalePlace(tx, key);
    if (isRunningAdmission(place, now)) continue;
    if (place?.status === 'waiting' || facts.room === 0 || (await countWaitingPlaces(tx, line)) > 0) throw saleQueueRefusals.turnNeeded();
    if (!place) await insertSalePlace(tx, key, { joinedAt: new Date(now), draw: drawPlace() });
    else await updateSalePlace(tx, key, { status: 'waiting', joinedAt: new Date(now), seenAt: new Date(now), admittedUntil: null });
    await admitSalePlaces(tx, line, [member.userId], now, now + admissionMs);
  }
}

/** An order was paid: the member's places on its variants are done (their admissions no longer count against the stock). */
export async function closeSalePlacesOfOrder(tx: Executor, member: Member, variantIds: readonly string[]): Promise<void> {
  await endMemberSalePlaces(tx, member, variantIds, 'done');
}
