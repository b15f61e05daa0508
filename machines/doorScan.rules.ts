import type { DoorCheckIn, DoorEvening, DoorPack, DoorPackTicket, DoorSyncAnswer, OfflineCheckIn, ScanOutcome, TicketFacts } from '../contract/door.ts';

/** What the door screen starts from (the wiring reads it from the device). */
export interface DoorScanInput {
  /** The app's brand: a code naming another one is refused as wrongBrand offline. */
  brandId: string;
  /** The door's name as this device last saved it ('' on a first visit). */
  door: string;
  /** The evening this device was admitting at, kept across reloads. */
  stored: StoredDoor | null;
}

export type DoorScanEvent =
  | { type: 'door.doorNamed'; door: string }
  | { type: 'door.chooseEvening'; offerId: string }
  | { type: 'door.changeEvening' }
  | { type: 'door.retry' }
  /** The camera read a code. */
  | { type: 'door.scanned'; code: string }
  /** The staff typed a code (a broken camera, an unreadable print). */
  | { type: 'door.codeEntered'; code: string }
  | { type: 'door.cameraFailed' }
  | { type: 'door.retryCamera' }
  /** Back to scanning: the staff's tap on "Next ticket". */
  | { type: 'door.next' }
  | { type: 'door.online' }
  | { type: 'door.offline' }
  /** The door page is (no longer) the one on screen: the staff opened More. */
  | { type: 'door.pageHidden' }
  | { type: 'door.pageShown' };

/** What a check of one code answered, and when (the wiring's clock). */
export interface ScanAnswer {
  outcome: ScanOutcome;
  at: string;
}

/** A ticket this device admitted while offline, kept until a sync has told the server of it. */
export interface PendingCheckIn extends OfflineCheckIn {
  ticketId: string;
}

/**
 * What the device's own check of a code found (the wiring's `checkSignature`, with the pack's
 * public keys): the signed claims, or why the code is not this brand's. A code that does not verify
 * but names another brand in its payload was most likely signed with that brand's key.
 */
export type SignatureCheck =
  | { valid: true; ticketId: string; offerId: string; brandId: string }
  | { valid: false; claimedBrandId: string | null };

/** What the device keeps across reloads: the evening's pack, what it still has to sync, and what it was told. */
export interface StoredDoor {
  pack: DoorPack;
  pending: PendingCheckIn[];
}

/** The door's name as the server takes it: 1–40 characters, trimmed. */
export const doorNameOf = (text: string): string | null => {
  const name = text.trim();
  return name.length >= 1 && name.length <= 40 ? name : null;
};

const factsOf = (pack: DoorPack, ticketId: string): TicketFacts => {
  const sold = pack.tickets.find((ticket) => ticket.ticketId === ticketId);
  return {
    ticketId,
    holderName: sold?.holderName ?? '',
    variantName: sold?.variantName ?? '',
    eveningTitle: pack.evening.title,
    startsAt: pack.evening.startsAt,
  };
};

/**
 * The offline verdict on a code, from the cached pack only (docs/door.md, "Door screen"): the
 * signature (checked by the caller), then the brand, the evening, the void list, and whether the
 * ticket is in already (in the pack's check-ins, which hold this device's own admissions too).
 * A validly signed ticket the pack does not list was sold after the pack was loaded: the server
 * signs a code only when the ticket is paid, so it is admitted, without a name to show.
 */
export function offlineOutcome(check: SignatureCheck, pack: DoorPack, brandId: string): ScanOutcome {
  if (!check.valid) return check.claimedBrandId !== null && check.claimedBrandId !== brandId ? { outcome: 'wrongBrand' } : { outcome: 'forged' };
  if (check.brandId !== brandId) return { outcome: 'wrongBrand' };
  const ticket = factsOf(pack, check.ticketId);
  if (check.offerId !== pack.evening.offerId) return { outcome: 'wrongEvening', ticket: { ...ticket, eveningTitle: '', startsAt: '' } };
  const voided = pack.voidTickets.find((entry) => entry.ticketId === check.ticketId);
  if (voided) return { outcome: 'voided', reason: voided.reason, ticket };
  const first = pack.checkIns.find((checkIn) => checkIn.ticketId === check.ticketId);
  if (first) return { outcome: 'alreadyAdmitted', ticket, at: first.at, door: first.door };
  return { outcome: 'admitted', ticket, admitted: pack.evening.admitted + 1, sold: pack.evening.sold };
}

/** The pack with one more check-in (an admission on this device), and the evening's count with it. */
export function withCheckIn(pack: DoorPack, checkIn: DoorCheckIn, counts?: { admitted: number; sold: number }): DoorPack {
  const known = pack.checkIns.some((entry) => entry.ticketId === checkIn.ticketId);
  const checkIns = known ? pack.checkIns : [...pack.checkIns, checkIn];
  // The server's numbers when it gave them; else one more in, for a ticket new to the pack.
  const numbers = counts ? { admitted: counts.admitted, sold: counts.sold } : { admitted: pack.evening.admitted + (known ? 0 : 1) };
  return { ...pack, checkIns, evening: { ...pack.evening, ...numbers } };
}

/** A pack loaded afresh, with this device's admissions the server has not heard of yet. */
export function withPending(pack: DoorPack, pending: readonly PendingCheckIn[], door: string): DoorPack {
  return pending.reduce((merged, entry) => withCheckIn(merged, { ticketId: entry.ticketId, at: entry.at, door }), pack);
}

/** What is left to sync once the server has answered for the codes it was sent. */
export const stillPending = (pending: readonly PendingCheckIn[], answer: DoorSyncAnswer): PendingCheckIn[] =>
  pending.filter((entry) => !answer.results.some((result) => result.code === entry.code));

/** The evening as the list shows it, with the numbers of a sync's answer. */
export const eveningAfterSync = (pack: DoorPack, evening: DoorEvening): DoorPack => ({ ...pack, evening: { ...pack.evening, ...evening } });

/** The server's answer kept: what it says of the ticket goes into the pack too, for a scan after the network is gone. */
export function afterServerAnswer(pack: DoorPack, door: string, { outcome, at }: ScanAnswer) {
  let next = pack;
  if (outcome.outcome === 'admitted') next = withCheckIn(pack, { ticketId: outcome.ticket.ticketId, at, door }, outcome);
  if (outcome.outcome === 'alreadyAdmitted') next = withCheckIn(pack, { ticketId: outcome.ticket.ticketId, at: outcome.at, door: outcome.door });
  return { result: outcome, resultOffline: false, pack: next };
}

/** The device's own answer: an admission goes into the pack and waits to be synced. */
export function afterDeviceAnswer(
  scan: { pack: DoorPack; pending: PendingCheckIn[]; brandId: string; door: string; code: string },
  check: SignatureCheck,
  at: string,
) {
  const outcome = offlineOutcome(check, scan.pack, scan.brandId);
  if (outcome.outcome !== 'admitted') return { result: outcome, resultOffline: true };
  const { ticketId } = outcome.ticket;
  return {
    result: outcome,
    resultOffline: true,
    pack: withCheckIn(scan.pack, { ticketId, at, door: scan.door }),
    pending: [...scan.pending, { code: scan.code, ticketId, at }],
  };
}

/**
 * A sync's answer kept: what the server answered for leaves the pending list, the double entries
 * and numbers are the server's, and an admission it refused (the ticket was voided after the pack
 * loaded) is remembered with its holder, to be shown.
 */
export function afterSync(
  door: { pack: DoorPack; pending: PendingCheckIn[]; refusedAtSync: DoorPackTicket[] },
  answer: DoorSyncAnswer,
) {
  const refusedCodes = new Set(answer.results.filter((result) => result.outcome === 'refused').map((result) => result.code));
  const refused = door.pending
    .filter((entry) => refusedCodes.has(entry.code) && !door.refusedAtSync.some((known) => known.ticketId === entry.ticketId))
    .map((entry) => door.pack.tickets.find((ticket) => ticket.ticketId === entry.ticketId) ?? { ticketId: entry.ticketId, holderName: '', variantName: '' });
  return {
    pending: stillPending(door.pending, answer),
    doubleEntries: answer.doubleEntries,
    pack: eveningAfterSync(door.pack, answer.evening),
    refusedAtSync: [...door.refusedAtSync, ...refused],
  };
}
