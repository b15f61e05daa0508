import { decodeProtectedHeader, type JSONWebKeySet } from 'jose';
import type { DoorCheckInBody, DoorEvening, DoorPack, DoorSyncAnswer, DoorSyncBody, DoorSyncResult, ScanOutcome, TicketFacts } from '../../contract/door.ts';
import { fullNameOf } from '../../domain/names.ts';
import { isValidEmail } from '../../domain/validation.ts';
import { appointDoorStaff, type AppointedDoorStaff } from '../brands/doorStaff.ts';
import type { Database } from '../db/database.ts';
import type { IdentityProvider } from '../identity/identity.ts';
import type { MailSender } from '../mail/mail.ts';
import { textIn, type TextLanguages } from '../language.ts';
import {
  brandOfTicketKey,
  checkInsOfEvening,
  doubleEntriesOfDevice,
  eveningCounts,
  findCheckIn,
  findDoorTicket,
  recordCheckIn,
  recordDoubleEntry,
  ticketsOfEvening,
  variantsBesideVariant,
  variantsOfOffer,
  variantsStartingBetween,
  type DoorTicketRow,
} from '../repositories/door.repository.ts';
import { findBrandById } from '../repositories/brands.repository.ts';
import { loadOrCreateTicketKey, ticketPublicKeys, verifyTicket } from '../tickets/ticketCodes.ts';
import { countDoorRequest, defaultDoorLimits, offlineAtAheadMs, offlineAtBeforeStartMs, type DoorLimits } from './doorLimits.ts';
import { eveningsOf, type Evening } from './evenings.ts';

/** The evenings a door lists: starting within the next 36 hours, or started within the last 12 (still letting people in). */
export const doorWindow = { aheadMs: 36 * 3_600_000, behindMs: 12 * 3_600_000 };

/** Who is checking tickets in: a door staff member of the brand. */
export interface DoorStaff {
  brandId: string;
  userId: string;
}

export type DoorRefusal = 'eveningNotFound' | 'badTime' | 'brandNotFound' | 'badEmail';
export type DoorAnswer<T> = { ok: true; value: T } | { ok: false; refusal: DoorRefusal };

export type OperatorEveningAnswer =
  | { ok: true; value: (DoorEvening & { brandId: string })[] }
  | { ok: false; refusal: 'eveningNotFound' }
  | { ok: false; refusal: 'ambiguous'; brandIds: string[] };

/** What a scanned code is, before the evening and the check-ins are looked at. */
type CodeReading = { kind: 'forged' } | { kind: 'wrongBrand' } | { kind: 'ticket'; ticket: DoorTicketRow };

export type DoorService = ReturnType<typeof createDoorService>;

const brandLanguage = async (db: Database, brandId: string) => (await findBrandById(db, brandId))?.settings.defaultLanguage;

/** The brand's evening with this id: the id of its first variant, not of another one of its variants. */
async function findEvening(db: Database, brandId: string, eveningId: string): Promise<Evening | null> {
  const [evening] = eveningsOf(await variantsBesideVariant(db, eveningId, brandId));
  return evening?.eveningId === eveningId ? evening : null;
}

/**
 * Door check-in (issue 43, docs/door.md): the brand's evenings with their numbers, the offline
 * pack, one scan at an online door, and the sync of what a door admitted offline. A ticket is
 * checked in once: `check_in` is keyed by the ticket, so of two doors at once one records it.
 */
export function createDoorService({
  db,
  now = Date.now,
  identity,
  mail,
  limits = defaultDoorLimits,
}: {
  db: Database;
  now?: () => number;
  identity?: IdentityProvider;
  mail?: MailSender;
  limits?: DoorLimits;
}) {
  async function brandKeys(brandId: string): Promise<JSONWebKeySet> {
    // A door set up before the brand's first sale still gets a key set to check with.
    await loadOrCreateTicketKey(db, brandId);
    return ticketPublicKeys(db, brandId);
  }

  async function doorEvening(evening: Evening, languages: TextLanguages): Promise<DoorEvening> {
    const { eveningId, offerId, city, variantIds } = evening;
    const counts = await eveningCounts(db, evening.brandId, variantIds);
    return { eveningId, offerId, title: textIn(evening.localized.title, languages, evening.title), startsAt: evening.startsAt.toISOString(), city, variantIds, ...counts };
  }

  async function readCode(brandId: string, code: string, keys: JSONWebKeySet): Promise<CodeReading> {
    const verified = await verifyTicket(code, keys, brandId);
    if (verified.ok) {
      const ticket = await findDoorTicket(db, brandId, verified.claims.ticketId);
      // A genuine signature over an id never sold would take a leaked key: refused all the same.
      if (!ticket || ticket.offerId !== verified.claims.offerId || ticket.itemVariantId !== verified.claims.itemVariantId) return { kind: 'forged' };
      return { kind: 'ticket', ticket };
    }
    if (verified.reason === 'wrong_brand') return { kind: 'wrongBrand' };
    if (verified.reason === 'unknown_key' && (await signedByAnotherBrand(brandId, code))) return { kind: 'wrongBrand' };
    return { kind: 'forged' };
  }

  /** A code under another brand's key that verifies with that brand's keys: a ticket of theirs, not a forgery. */
  async function signedByAnotherBrand(brandId: string, code: string): Promise<boolean> {
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(code.trim()).kid;
    } catch {
      return false;
    }
    const owner = kid ? await brandOfTicketKey(db, kid) : null;
    if (!owner || owner === brandId) return false;
    return (await verifyTicket(code, await ticketPublicKeys(db, owner))).ok;
  }

  const holderName = (ticket: DoorTicketRow) => fullNameOf(ticket.firstName ?? '', ticket.lastName ?? '');
  const variantName = (ticket: DoorTicketRow, languages: TextLanguages) => textIn(ticket.variantLocalized?.title ?? {}, languages, ticket.variantTitle ?? '');

  function factsOf(ticket: DoorTicketRow, languages: TextLanguages): TicketFacts {
    return {
      ticketId: ticket.ticketId,
      holderName: holderName(ticket),
      variantName: variantName(ticket, languages),
      eveningTitle: textIn(ticket.eveningLocalized.title, languages, ticket.eveningTitle),
      startsAt: ticket.startsAt?.toISOString() ?? '',
    };
  }

  /** Why a ticket cannot come in to this evening, whoever admits it; null when it may. */
  function refusalOf(ticket: DoorTicketRow, evening: Evening, languages: TextLanguages): ScanOutcome | null {
    if (ticket.orderStatus !== 'paid') return { outcome: 'voided', reason: ticket.orderStatus, ticket: factsOf(ticket, languages) };
    // Another night or city of the same offer is another evening.
    if (ticket.offerId !== evening.offerId || !evening.variantIds.includes(ticket.itemVariantId)) return { outcome: 'wrongEvening', ticket: factsOf(ticket, languages) };
    return null;
  }

  return {
    async evenings(brandId: string, languages: TextLanguages): Promise<DoorEvening[]> {
      const at = now();
      const rows = await variantsStartingBetween(db, brandId, new Date(at - doorWindow.behindMs), new Date(at + doorWindow.aheadMs));
      return Promise.all(eveningsOf(rows).map((evening) => doorEvening(evening, languages)));
    },

    async pack(brandId: string, eveningId: string, languages: TextLanguages): Promise<DoorAnswer<DoorPack>> {
      const found = await findEvening(db, brandId, eveningId);
      if (!found) return { ok: false, refusal: 'eveningNotFound' };
      const evening = await doorEvening(found, languages);
      const publicKeys = await brandKeys(brandId);
      const tickets = await ticketsOfEvening(db, brandId, found.variantIds);
      const checkIns = await checkInsOfEvening(db, brandId, found.variantIds);
      return {
        ok: true,
        value: {
          evening,
          publicKeys: publicKeys as DoorPack['publicKeys'],
          voidTickets: tickets.flatMap((t) => (t.orderStatus === 'paid' ? [] : [{ ticketId: t.ticketId, reason: t.orderStatus }])),
          tickets: tickets.flatMap((t) => (t.orderStatus === 'paid' ? [{ ticketId: t.ticketId, holderName: holderName(t), variantName: variantName(t, languages) }] : [])),
          checkIns: checkIns.map((c) => ({ ticketId: c.ticketId, at: c.at.toISOString(), door: c.door })),
        },
      };
    },

    /**
     * `npm run checkin -- --offer ID` (each evening of the offer) or `--evening ID` (that one):
     * the numbers for an operator, titles in the brand's language. `brandId` settles an id two
     * brands use.
     */
    async operatorEvenings(named: { offerId: string } | { eveningId: string }, brandId?: string): Promise<OperatorEveningAnswer> {
      const evenings =
        'offerId' in named
          ? eveningsOf(await variantsOfOffer(db, named.offerId, brandId))
          : eveningsOf(await variantsBesideVariant(db, named.eveningId, brandId)).filter((evening) => evening.eveningId === named.eveningId);
      if (evenings.length === 0) return { ok: false, refusal: 'eveningNotFound' };
      const brandIds = [...new Set(evenings.map((evening) => evening.brandId))].sort();
      if (brandIds.length > 1) return { ok: false, refusal: 'ambiguous', brandIds };
      const language = (await brandLanguage(db, brandIds[0]!)) ?? 'en';
      const value = await Promise.all(evenings.map(async (evening) => ({ brandId: evening.brandId, ...(await doorEvening(evening, { language, fallback: language })) })));
      return { ok: true, value };
    },

    /**
     * A brand file's door staff, written through a server (`npm run brand` while a server holds
     * the database): each e-mail gets the brand role `door` (server/brands/doorStaff.ts).
     */
    async appointStaff(brandId: string, emails: readonly string[], appPort: number): Promise<DoorAnswer<AppointedDoorStaff[]>> {
      if (!identity || !mail) throw new Error('appointing door staff needs the identity provider and mail');
      const brand = await findBrandById(db, brandId);
      if (!brand) return { ok: false, refusal: 'brandNotFound' };
      if (!emails.every((email) => isValidEmail(email))) return { ok: false, refusal: 'badEmail' };
      const distinct = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
      return { ok: true, value: await appointDoorStaff({ db, identity, mail, appPort, now }, brand, distinct) };
    },

    /** One scan at a door that is online: admitted once, or why not. */
    async checkIn(staff: DoorStaff, input: DoorCheckInBody, languages: TextLanguages): Promise<DoorAnswer<ScanOutcome>> {
      await countDoorRequest(db, limits, 'check-in', staff, now());
      const evening = await findEvening(db, staff.brandId, input.eveningId);
      if (!evening) return { ok: false, refusal: 'eveningNotFound' };
      const reading = await readCode(staff.brandId, input.code, await brandKeys(staff.brandId));
      if (reading.kind !== 'ticket') return { ok: true, value: { outcome: reading.kind } };
      const { ticket } = reading;
      const refusal = refusalOf(ticket, evening, languages);
      if (refusal) return { ok: true, value: refusal };
      const entry = { brandId: staff.brandId, ticketId: ticket.ticketId, offerId: evening.offerId, itemVariantId: ticket.itemVariantId, door: input.door, deviceId: input.deviceId };
      const made = await recordCheckIn(db, { ...entry, at: new Date(now()), byUserId: staff.userId, mode: 'online' }, evening.variantIds);
      const facts = factsOf(ticket, languages);
      if (made.recorded) {
        const { sold } = await eveningCounts(db, staff.brandId, evening.variantIds);
        return { ok: true, value: { outcome: 'admitted', ticket: facts, admitted: made.admitted, sold } };
      }
      const first = await findCheckIn(db, staff.brandId, ticket.ticketId);
      return { ok: true, value: { outcome: 'alreadyAdmitted', ticket: facts, at: first?.at.toISOString() ?? '', door: first?.door ?? '' } };
    },

    /**
     * What a door device admitted while offline: each becomes the ticket's check-in when it has
     * none; admitted after another device's check-in, it is kept as a double entry and reported
     * to both. An `at` the device cannot have admitted at (long before the evening, or ahead of
     * the server's clock) is refused.
     */
    async sync(staff: DoorStaff, input: DoorSyncBody, languages: TextLanguages): Promise<DoorAnswer<DoorSyncAnswer>> {
      await countDoorRequest(db, limits, 'sync', staff, now());
      const evening = await findEvening(db, staff.brandId, input.eveningId);
      if (!evening) return { ok: false, refusal: 'eveningNotFound' };
      const times = input.checkIns.map((c) => new Date(c.at));
      if (times.some((t) => Number.isNaN(t.getTime()))) return { ok: false, refusal: 'badTime' };
      const [earliest, latest] = [evening.startsAt.getTime() - offlineAtBeforeStartMs, now() + offlineAtAheadMs];
      const keys = await brandKeys(staff.brandId);
      const results: DoorSyncResult[] = [];
      for (const [i, { code }] of input.checkIns.entries()) {
        const at = times[i]!;
        const reading = at.getTime() < earliest || at.getTime() > latest ? null : await readCode(staff.brandId, code, keys);
        if (reading?.kind !== 'ticket' || refusalOf(reading.ticket, evening, languages)) {
          results.push({ code, outcome: 'refused' });
          continue;
        }
        const { ticket } = reading;
        const entry = { brandId: staff.brandId, ticketId: ticket.ticketId, offerId: evening.offerId, door: input.door, deviceId: input.deviceId, at, byUserId: staff.userId };
        const made = await recordCheckIn(db, { ...entry, itemVariantId: ticket.itemVariantId, mode: 'offline' }, evening.variantIds);
        const first = made.recorded ? null : await findCheckIn(db, staff.brandId, entry.ticketId);
        if (!first || first.deviceId === input.deviceId) {
          results.push({ code, outcome: 'recorded' });
          continue;
        }
        await recordDoubleEntry(db, { ...entry, eveningId: evening.eveningId }, limits.doubleEntryDevicesPerEvening);
        results.push({ code, outcome: 'doubleEntry', firstAt: first.at.toISOString(), firstDoor: first.door });
      }
      const doubles = await doubleEntriesOfDevice(db, staff.brandId, evening.eveningId, input.deviceId);
      return {
        ok: true,
        value: {
          results,
          doubleEntries: doubles.map((d) => ({
            ticketId: d.ticketId,
            holderName: d.holderName,
            entries: [d.first, ...d.later].map((e) => ({ door: e.door, at: e.at.toISOString() })),
          })),
          evening: await doorEvening(evening, languages),
        },
      };
    },
  };
}
