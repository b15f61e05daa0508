import { Type, type Static } from 'typebox';
import { TicketPublicKeys } from './tickets.ts';

/*
 * Door check-in (docs/door.md): staff with the brand role `door` admit ticket holders. Every
 * route needs a signed-in caller whose brand role is `door`; anyone else gets 403
 * `door/not-door-staff` in the spec's error shape.
 */

/** A ticket code is the QR text; codes are short, this is a ceiling against abuse. */
const TicketCode = Type.String({ minLength: 1, maxLength: 4096 });
/** The door's name, chosen on the device ("Main entrance"). */
const DoorName = Type.String({ minLength: 1, maxLength: 40 });
/** The id of an evening: the id of its first ticket variant (see DoorEvening). */
const EveningId = Type.String({ minLength: 1, maxLength: 200 });
/**
 * A random id each door device makes once and keeps. Two devices may share a door name; the
 * server tells doors apart by this id (a sync's "already mine", double entries).
 */
export const DeviceId = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const IsoTime = Type.String({ minLength: 1, maxLength: 40 });
const VoidReason = Type.Union([Type.Literal('cancelled'), Type.Literal('refunded')]);

/**
 * One ticketed evening at the door: the group of an offer's ticket variants with the same start
 * and the same city (an offer can have several nights or cities, each its own evening). Its id is
 * the id of the group's first variant (lowest position, then id). How many are in (`admitted`) of
 * how many were sold (paid, not cancelled or refunded) counts only the tickets of `variantIds`.
 */
export const DoorEvening = Type.Object({
  eveningId: Type.String(),
  offerId: Type.String(),
  /** In the request's language. */
  title: Type.String(),
  /** ISO 8601. */
  startsAt: Type.String(),
  city: Type.Union([Type.String(), Type.Null()]),
  /** The evening's ticket variants; a ticket of another variant of the offer is `wrongEvening`. */
  variantIds: Type.Array(Type.String()),
  admitted: Type.Integer({ minimum: 0 }),
  sold: Type.Integer({ minimum: 0 }),
});
export type DoorEvening = Static<typeof DoorEvening>;

/** GET /v1/door/evenings: the brand's ticketed evenings starting within the next 36 hours or started within the last 12. */
export const DoorEvenings = Type.Object({ evenings: Type.Array(DoorEvening) });
export type DoorEvenings = Static<typeof DoorEvenings>;

export const DoorEveningParams = Type.Object({ eveningId: EveningId });
export type DoorEveningParams = Static<typeof DoorEveningParams>;

export const DoorVoidTicket = Type.Object({ ticketId: Type.String(), reason: VoidReason });
export type DoorVoidTicket = Static<typeof DoorVoidTicket>;

/** A sold ticket of the evening: what the screen shows when it admits it offline. */
export const DoorPackTicket = Type.Object({ ticketId: Type.String(), holderName: Type.String(), variantName: Type.String() });
export type DoorPackTicket = Static<typeof DoorPackTicket>;

export const DoorCheckIn = Type.Object({ ticketId: Type.String(), at: Type.String(), door: Type.String() });
export type DoorCheckIn = Static<typeof DoorCheckIn>;

/**
 * GET /v1/door/evenings/:eveningId/pack: what a door needs to admit offline — the brand's ticket
 * public keys, the evening's voided tickets, its sold tickets and the check-ins so far (only of
 * the evening's variants). 404 `door/evening-not-found` for an id that is not one of the brand's
 * ticketed evenings.
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
export const DoorCheckInBody = Type.Object({ eveningId: EveningId, code: TicketCode, door: DoorName, deviceId: DeviceId });
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

/**
 * POST /v1/door/sync: the check-ins a door admitted while offline. An `at` before the evening's
 * start minus 24 hours or after the server's now plus 5 minutes is `refused`.
 */
export const DoorSyncBody = Type.Object({
  eveningId: EveningId,
  door: DoorName,
  deviceId: DeviceId,
  checkIns: Type.Array(OfflineCheckIn, { maxItems: 500 }),
});
export type DoorSyncBody = Static<typeof DoorSyncBody>;

/**
 * One synced code: `recorded` (it is the ticket's check-in, or was already this device's),
 * `doubleEntry` (another device admitted it first: `firstAt`, `firstDoor`), `refused` (forged,
 * voided, another evening or brand, an `at` out of bounds: the device should not have admitted
 * it).
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
 * involves this device (as the first one or a later one), so the device that synced first learns
 * of it at its next sync; the evening's numbers. Re-sending the same (device, ticket) is
 * idempotent.
 */
export const DoorSyncAnswer = Type.Object({
  results: Type.Array(DoorSyncResult),
  doubleEntries: Type.Array(DoubleEntry),
  evening: DoorEvening,
});
export type DoorSyncAnswer = Static<typeof DoorSyncAnswer>;

export const doorPaths = {
  evenings: '/v1/door/evenings',
  pack: '/v1/door/evenings/:eveningId/pack',
  checkIns: '/v1/door/check-ins',
  sync: '/v1/door/sync',
} as const;

export const notDoorStaff = { status: 403, code: 'door/not-door-staff', message: 'Only door staff can check tickets in' } as const;
export const eveningNotFound = { status: 404, code: 'door/evening-not-found', message: 'No such ticketed evening' } as const;
/**
 * 429 (with `retry-after`) when one door account sends more check-ins or syncs per minute than a
 * busy door ever does (docs/door.md, "Limits").
 */
export const doorTooManyRequests = { status: 429, code: 'door/too-many-requests' } as const;
