import { Type, type Static } from 'typebox';
import { TicketPublicKeys } from './tickets';

/*
 * Door check-in (docs/door.md): staff with the brand role `door` admit ticket holders. Every
 * route needs a signed-in caller whose brand role is `door`; anyone else gets 403
 * `door/not-door-staff` in the spec's error shape.
 */

/** A ticket code is the QR text; codes are short, this is a ceiling against abuse. */
const TicketCode = Type.String({ minLength: 1, maxLength: 4096 });
/** The door's name, chosen on the device ("Main entrance"). */
const DoorName = Type.String({ minLength: 1, maxLength: 40 });
const OfferId = Type.String({ minLength: 1, maxLength: 200 });
const IsoTime = Type.String({ minLength: 1, maxLength: 40 });
const VoidReason = Type.Union([Type.Literal('cancelled'), Type.Literal('refunded')]);

/** One ticketed evening at the door: how many are in (`admitted`) of how many were sold (paid, not cancelled or refunded). */
export const DoorEvening = Type.Object({
  offerId: Type.String(),
  /** In the request's language. */
  title: Type.String(),
  /** ISO 8601. */
  startsAt: Type.String(),
  admitted: Type.Integer({ minimum: 0 }),
  sold: Type.Integer({ minimum: 0 }),
});
export type DoorEvening = Static<typeof DoorEvening>;

/** GET /v1/door/evenings: the brand's ticketed events starting within the next 36 hours or started within the last 12. */
export const DoorEvenings = Type.Object({ evenings: Type.Array(DoorEvening) });
export type DoorEvenings = Static<typeof DoorEvenings>;

export const DoorEveningParams = Type.Object({ offerId: OfferId });
export type DoorEveningParams = Static<typeof DoorEveningParams>;

export const DoorVoidTicket = Type.Object({ ticketId: Type.String(), reason: VoidReason });
export type DoorVoidTicket = Static<typeof DoorVoidTicket>;

/** A sold ticket of the evening: what the screen shows when it admits it offline. */
export const DoorPackTicket = Type.Object({ ticketId: Type.String(), holderName: Type.String(), variantName: Type.String() });
export type DoorPackTicket = Static<typeof DoorPackTicket>;

export const DoorCheckIn = Type.Object({ ticketId: Type.String(), at: Type.String(), door: Type.String() });
export type DoorCheckIn = Static<typeof DoorCheckIn>;

/**
 * GET /v1/door/evenings/:offerId/pack: what a door needs to admit offline — the brand's ticket
 * public keys, the evening's voided tickets, its sold tickets and the check-ins so far.
 * 404 `door/evening-not-found` for an offer that is not one of the brand's ticketed events.
 */
export const DoorPack = Type.Object({
  evening: DoorEvening,
  publicKeys: TicketPublicKeys,
  voidTickets: Type.Array(DoorVoidTicket),
  tickets: Type.Array(DoorPackTicket),
  checkIns: Type.Array(DoorCheckIn),
});
export type DoorPack = Static<typeof DoorPack>;

/** POST /v1/door/check-ins: one scan at a door that is online. */
export const DoorCheckInBody = Type.Object({ offerId: OfferId, code: TicketCode, door: DoorName });
export type DoorCheckInBody = Static<typeof DoorCheckInBody>;

export const TicketFacts = Type.Object({
  ticketId: Type.String(),
  holderName: Type.String(),
  variantName: Type.String(),
  /** The ticket's own evening (another one than the door's for `wrongEvening`). */
  eveningTitle: Type.String(),
  startsAt: Type.String(),
});
export type TicketFacts = Static<typeof TicketFacts>;

/**
 * What a scan came to. Exactly one check-in is recorded per ticket: of two doors scanning one
 * ticket at once, one is `admitted` and the other `alreadyAdmitted`. `forged` covers a malformed
 * code, an unknown key, a bad signature and a ticket id that was never sold; `wrongBrand` a code
 * signed with another brand's key or naming another brand.
 */
export const ScanOutcome = Type.Union([
  Type.Object({ outcome: Type.Literal('admitted'), ticket: TicketFacts, admitted: Type.Integer(), sold: Type.Integer() }),
  Type.Object({ outcome: Type.Literal('alreadyAdmitted'), ticket: TicketFacts, at: Type.String(), door: Type.String() }),
  Type.Object({ outcome: Type.Literal('wrongEvening'), ticket: TicketFacts }),
  Type.Object({ outcome: Type.Literal('wrongBrand') }),
  Type.Object({ outcome: Type.Literal('voided'), reason: VoidReason, ticket: TicketFacts }),
  Type.Object({ outcome: Type.Literal('forged') }),
]);
export type ScanOutcome = Static<typeof ScanOutcome>;

export const OfflineCheckIn = Type.Object({ code: TicketCode, at: IsoTime });
export type OfflineCheckIn = Static<typeof OfflineCheckIn>;

/** POST /v1/door/sync: the check-ins a door admitted while offline. */
export const DoorSyncBody = Type.Object({
  offerId: OfferId,
  door: DoorName,
  checkIns: Type.Array(OfflineCheckIn, { maxItems: 500 }),
});
export type DoorSyncBody = Static<typeof DoorSyncBody>;

/**
 * One synced code: `recorded` (it is the ticket's check-in, or was already this door's),
 * `doubleEntry` (another door admitted it first: `firstAt`, `firstDoor`), `refused` (forged,
 * voided, another evening or brand: the device should not have admitted it).
 */
export const DoorSyncResult = Type.Object({
  code: Type.String(),
  outcome: Type.Union([Type.Literal('recorded'), Type.Literal('doubleEntry'), Type.Literal('refused')]),
  firstAt: Type.Optional(Type.String()),
  firstDoor: Type.Optional(Type.String()),
});
export type DoorSyncResult = Static<typeof DoorSyncResult>;

/** A ticket admitted more than once: every entry, the first one first. */
export const DoubleEntry = Type.Object({
  ticketId: Type.String(),
  holderName: Type.String(),
  entries: Type.Array(Type.Object({ door: Type.String(), at: Type.String() })),
});
export type DoubleEntry = Static<typeof DoubleEntry>;

/**
 * The answer to a sync: one result per code, in order; every double entry of the evening that
 * involves this door (as the first door or a later one), so the door that synced first learns
 * of it at its next sync; the evening's numbers. Re-sending the same (door, ticket) is idempotent.
 */
export const DoorSyncAnswer = Type.Object({
  results: Type.Array(DoorSyncResult),
  doubleEntries: Type.Array(DoubleEntry),
  evening: DoorEvening,
});
export type DoorSyncAnswer = Static<typeof DoorSyncAnswer>;

export const doorPaths = {
  evenings: '/v1/door/evenings',
  pack: '/v1/door/evenings/:offerId/pack',
  checkIns: '/v1/door/check-ins',
  sync: '/v1/door/sync',
} as const;

export const notDoorStaff = { status: 403, code: 'door/not-door-staff', message: 'Only door staff can check tickets in' } as const;
export const eveningNotFound = { status: 404, code: 'door/evening-not-found', message: 'No such ticketed evening' } as const;
