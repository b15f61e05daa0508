import { decodeProtectedHeader, type JSONWebKeySet } from 'jose';
import type { DoorEvening, DoorPack, DoorSyncAnswer, DoorSyncBody, DoorSyncResult, ScanOutcome, TicketFacts } from '../../contract/door.ts';
import { isValidEmail } from '../../domain/validation.ts';
import { appointDoorStaff, type AppointedDoorStaff } from '../brands/doorStaff.ts';
import type { Database } from '../db/database.ts';
import type { IdentityProvider } from '../identity/identity.ts';
import type { MailSender } from '../mail/mail.ts';
import { textIn, type TextLanguages } from '../language.ts';
import {
  brandOfTicketKey,
  checkInsOfEvening,
  doubleEntriesOfDoor,
  eveningCounts,
  eveningsBetween,
  eveningsWithId,
  findCheckIn,
  findDoorTicket,
  findEvening,
  recordCheckIn,
  recordDoubleEntry,
  ticketsOfEvening,
  type DoorTicketRow,
  type EveningRow,
} from '../repositories/door.repository.ts';
import { findBrandById } from '../repositories/brands.repository.ts';
import { loadOrCreateTicketKey, ticketPublicKeys, verifyTicket } from '../tickets/ticketCodes.ts';

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
  | { ok: true; value: DoorEvening & { brandId: string } }
  | { ok: false; refusal: 'eveningNotFound' }
  | { ok: false; refusal: 'ambiguous'; brandIds: string[] };

/** What a scanned code is, before the evening and the check-ins are looked at. */
type CodeReading = { kind: 'forged' } | { kind: 'wrongBrand' } | { kind: 'ticket'; ticket: DoorTicketRow };

export type DoorService = ReturnType<typeof createDoorService>;

const brandLanguage = async (db: Database, brandId: string) => (await findBrandById(db, brandId))?.settings.defaultLanguage;

/**
 * Door check-in (issue 43, docs/door.md): the brand's evenings with their numbers, the offline
 * pack, one scan at an online door, and the sync of what a door admitted offline. A ticket is
 * checked in once: `check_in` is keyed by the ticket, so of two doors at once one records it.
 */
export function createDoorService({ db, now = Date.now, identity, mail }: { db: Database; now?: () => number; identity?: IdentityProvider; mail?: MailSender }) {
  async function brandKeys(brandId: string): Promise<JSONWebKeySet> {
    // A door set up before the brand's first sale still gets a key set to check with.
    await loadOrCreateTicketKey(db, brandId);
    return ticketPublicKeys(db, brandId);
  }

  async function doorEvening(brandId: string, row: EveningRow, languages: TextLanguages): Promise<DoorEvening> {
    const counts = (await eveningCounts(db, brandId, [row.offerId])).get(row.offerId) ?? { admitted: 0, sold: 0 };
    return { offerId: row.offerId, title: textIn(row.localized.title, languages, row.title), startsAt: row.startsAt.toISOString(), ...counts };
  }

  async function readCode(brandId: string, code: string, keys: JSONWebKeySet): Promise<CodeReading> {
    const verified = await verifyTicket(code, keys, brandId);
    if (verified.ok) {
      const ticket = await findDoorTicket(db, brandId, verified.claims.ticketId);
      // A genuine signature over an id never sold would take a leaked key: refused all the same.
      if (!ticket || ticket.offerId !== verified.claims.offerId) return { kind: 'forged' };
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

  const holderName = (ticket: DoorTicketRow) => [ticket.firstName, ticket.lastName].filter(Boolean).join(' ');
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
  function refusalOf(ticket: DoorTicketRow, offerId: string, languages: TextLanguages): ScanOutcome | null {
    if (ticket.orderStatus !== 'paid') return { outcome: 'voided', reason: ticket.orderStatus, ticket: factsOf(ticket, languages) };
    if (ticket.offerId !== offerId) return { outcome: 'wrongEvening', ticket: factsOf(ticket, languages) };
    return null;
  }

  return {
    async evenings(brandId: string, languages: TextLanguages): Promise<DoorEvening[]> {
      const at = now();
      const rows = await eveningsBetween(db, brandId, new Date(at - doorWindow.behindMs), new Date(at + doorWindow.aheadMs));
      return Promise.all(rows.map((row) => doorEvening(brandId, row, languages)));
    },

    async pack(brandId: string, offerId: string, languages: TextLanguages): Promise<DoorAnswer<DoorPack>> {
      const row = await findEvening(db, brandId, offerId);
      if (!row) return { ok: false, refusal: 'eveningNotFound' };
      const evening = await doorEvening(brandId, row, languages);
      const publicKeys = await brandKeys(brandId);
      const tickets = await ticketsOfEvening(db, brandId, offerId);
      const checkIns = await checkInsOfEvening(db, brandId, offerId);
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
     * `npm run checkin -- --offer ID`: the evening's numbers for an operator, its title in the
     * brand's language. `brandId` settles an offer id two brands use.
     */
    async operatorEvening(offerId: string, brandId?: string): Promise<OperatorEveningAnswer> {
      const rows = (await eveningsWithId(db, offerId)).filter((row) => brandId === undefined || row.brandId === brandId);
      if (rows.length === 0) return { ok: false, refusal: 'eveningNotFound' };
      if (rows.length > 1) return { ok: false, refusal: 'ambiguous', brandIds: rows.map((row) => row.brandId) };
      const row = rows[0]!;
      const language = (await brandLanguage(db, row.brandId)) ?? 'en';
      const evening = await doorEvening(row.brandId, row, { language, fallback: language });
      return { ok: true, value: { brandId: row.brandId, ...evening } };
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
    async checkIn(staff: DoorStaff, input: { offerId: string; code: string; door: string }, languages: TextLanguages): Promise<DoorAnswer<ScanOutcome>> {
      const evening = await findEvening(db, staff.brandId, input.offerId);
      if (!evening) return { ok: false, refusal: 'eveningNotFound' };
      const reading = await readCode(staff.brandId, input.code, await brandKeys(staff.brandId));
      if (reading.kind !== 'ticket') return { ok: true, value: { outcome: reading.kind } };
      const { ticket } = reading;
      const refusal = refusalOf(ticket, input.offerId, languages);
      if (refusal) return { ok: true, value: refusal };
      const made = await recordCheckIn(db, { brandId: staff.brandId, ticketId: ticket.ticketId, offerId: input.offerId, door: input.door, at: new Date(now()), byUserId: staff.userId, mode: 'online' });
      const facts = factsOf(ticket, languages);
      if (made.recorded) {
        const sold = (await eveningCounts(db, staff.brandId, [input.offerId])).get(input.offerId)?.sold ?? 0;
        return { ok: true, value: { outcome: 'admitted', ticket: facts, admitted: made.admitted, sold } };
      }
      const first = await findCheckIn(db, staff.brandId, ticket.ticketId);
      return { ok: true, value: { outcome: 'alreadyAdmitted', ticket: facts, at: first?.at.toISOString() ?? '', door: first?.door ?? '' } };
    },

    /**
     * What a door admitted while offline: each becomes the ticket's check-in when it has none;
     * admitted after another door's check-in, it is kept as a double entry and reported to both.
     */
    async sync(staff: DoorStaff, input: DoorSyncBody, languages: TextLanguages): Promise<DoorAnswer<DoorSyncAnswer>> {
      const evening = await findEvening(db, staff.brandId, input.offerId);
      if (!evening) return { ok: false, refusal: 'eveningNotFound' };
      const times = input.checkIns.map((c) => new Date(c.at));
      if (times.some((t) => Number.isNaN(t.getTime()))) return { ok: false, refusal: 'badTime' };
      const keys = await brandKeys(staff.brandId);
      const results: DoorSyncResult[] = [];
      for (const [i, { code }] of input.checkIns.entries()) {
        const reading = await readCode(staff.brandId, code, keys);
        if (reading.kind !== 'ticket' || refusalOf(reading.ticket, input.offerId, languages)) {
          results.push({ code, outcome: 'refused' });
          continue;
        }
        const entry = { brandId: staff.brandId, ticketId: reading.ticket.ticketId, offerId: input.offerId, door: input.door, at: times[i]!, byUserId: staff.userId };
        const made = await recordCheckIn(db, { ...entry, mode: 'offline' });
        const first = made.recorded ? null : await findCheckIn(db, staff.brandId, entry.ticketId);
        if (!first || first.door === input.door) {
          results.push({ code, outcome: 'recorded' });
          continue;
        }
        await recordDoubleEntry(db, entry);
        results.push({ code, outcome: 'doubleEntry', firstAt: first.at.toISOString(), firstDoor: first.door });
      }
      const doubles = await doubleEntriesOfDoor(db, staff.brandId, input.offerId, input.door);
      const names = new Map((await ticketsOfEvening(db, staff.brandId, input.offerId)).map((t) => [t.ticketId, holderName(t)]));
      return {
        ok: true,
        value: {
          results,
          doubleEntries: doubles.map((d) => ({
            ticketId: d.ticketId,
            holderName: names.get(d.ticketId) ?? '',
            entries: [d.first, ...d.later].map((e) => ({ door: e.door, at: e.at.toISOString() })),
          })),
          evening: await doorEvening(staff.brandId, evening, languages),
        },
      };
    },
  };
}
