import type { DoorCheckIn, DoorEvening, DoorPack, DoorPackTicket, DoorSyncAnswer, DoubleEntry, OfflineCheckIn, ScanOutcome, TicketFacts } from '../contract/door.ts';

/** What the door screen starts from (the wiring reads it from the device). */
export interface DoorScanInput {
  /** The app's brand: a code naming another one is refused as wrongBrand offline. */
  brandId: string;
  /** The door's name as this device last saved it ('' on a first visit). */
  door: string;
  /** This device's own id, made once and kept: the server tells doors that share a name apart by it. */
  deviceId: string;
  /** The evening this device was admitting at, kept across reloads. */
  stored: StoredDoor | null;
}

export interface DoorScanContext {
  brandId: string;
  door: string;
  deviceId: string;
  evenings: DoorEvening[];
  /** The evening being admitted at (or whose pack is loading): what the pending admissions belong to. */
  eveningId: string | null;
  /** The evening's offline pack; its check-ins hold this device's own admissions too. */
  pack: DoorPack | null;
  /** Admitted while offline, not yet synced. */
  pending: PendingCheckIn[];
  /** The last scan's answer, shown until the next scan. */
  result: ScanOutcome | null;
  /** Whether the last answer was the device's own (offline). */
  resultOffline: boolean;
  /** The code shown last: the camera, still pointed at it when the answer times out, does not scan it again. */
  lastCode: string | null;
  skipCode: string | null;
  doubleEntries: DoubleEntry[];
  /** Admitted offline here, refused by the server at the sync (voided meanwhile): the staff should know. */
  refusedAtSync: DoorPackTicket[];
  errorCode: string | null;
  /** Why the last sync failed with an answer (the evening is gone, a bad request): the staff may leave, dropping the pending. */
  syncErrorCode: string | null;
  /** Syncs left before the full pack is loaded again (at once after a sync that sent admissions). */
  syncsBeforeRefresh: number;
  /** The device could not save the pending admissions (storage full or off): a reload would lose them. */
  pendingNotSaved: boolean;
}

/** What storeDevice keeps of the door's context. */
export const storedParams = ({ context }: { context: DoorScanContext }) => ({
  door: context.door,
  stored: { eveningId: context.eveningId!, pack: context.pack, pending: context.pending },
});

/** The full pack is loaded again every this many light syncs (10 s apart: every 2 minutes). */
export const syncsPerPackRefresh = 12;

export const initialDoorContext = ({ input }: { input: DoorScanInput }): DoorScanContext => ({
  brandId: input.brandId,
  door: input.door,
  deviceId: input.deviceId,
  evenings: [],
  eveningId: input.stored?.eveningId ?? null,
  pack: input.stored?.pack ?? null,
  pending: input.stored?.pending ?? [],
  result: null,
  resultOffline: false,
  lastCode: null,
  skipCode: null,
  doubleEntries: [],
  refusedAtSync: [],
  errorCode: null,
  syncErrorCode: null,
  // A pack from storage may be old: the first sync loads it afresh.
  syncsBeforeRefresh: 0,
  pendingNotSaved: false,
});

export type DoorScanEvent =
  | { type: 'door.doorNamed'; door: string }
  | { type: 'door.chooseEvening'; eveningId: string }
  | { type: 'door.changeEvening' }
  | { type: 'door.backToEvening' }
  /** After the staff confirmed it: leave an evening whose sync fails, dropping what it could not sync. */
  | { type: 'door.dropPendingAndChangeEvening' }
  /** Whether the device managed to save the pending admissions (the wiring's storeDevice). */
  | { type: 'door.pendingStored'; saved: boolean }
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
  | { valid: true; ticketId: string; offerId: string; variantId: string; brandId: string }
  | { valid: false; claimedBrandId: string | null };

/**
 * What the device keeps across reloads: the evening, its pack (holders' names: gone at sign-out)
 * and what it still has to sync (kept apart, and through a sign-out).
 */
export interface StoredDoor {
  eveningId: string;
  pack: DoorPack | null;
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
  if (check.offerId !== pack.evening.offerId || !pack.evening.variantIds.includes(check.variantId)) return { outcome: 'wrongEvening', ticket: { ...ticket, eveningTitle: '', startsAt: '' } };
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

/**
 * A pack loaded afresh over the one the device holds: the device's own admissions are kept, the
 * pending ones and those the server answered after the fresh pack was read (merged by ticket).
 */
export function refreshedPack(fresh: DoorPack, held: DoorPack | null, pending: readonly PendingCheckIn[], door: string): DoorPack {
  const sameEvening = held?.evening.eveningId === fresh.evening.eveningId;
  const kept = sameEvening ? held!.checkIns.reduce((merged, checkIn) => withCheckIn(merged, checkIn), fresh) : fresh;
  return withPending(kept, pending, door);
}

/** The device's own verdict says the ticket is in already (its pack's check-ins, its pending admissions): no need to ask the server. */
export const isInAlready = (check: SignatureCheck, scan: { pack: DoorPack; brandId: string }) =>
  offlineOutcome(check, scan.pack, scan.brandId).outcome === 'alreadyAdmitted';

/** Admissions the staff chose to drop (the server refuses the sync): gone from the pending list and from the pack's check-ins. */
export function droppedPending({ pack, pending }: { pack: DoorPack | null; pending: readonly PendingCheckIn[] }) {
  const dropped = new Set(pending.map((entry) => entry.ticketId));
  const checkIns = pack?.checkIns.filter((checkIn) => !dropped.has(checkIn.ticketId)) ?? [];
  const evening = pack && { ...pack.evening, admitted: Math.max(0, pack.evening.admitted - (pack.checkIns.length - checkIns.length)) };
  return { pending: [], pack: pack && evening ? { ...pack, checkIns, evening } : pack };
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
  const refusedTickets = new Set(door.pending.filter((entry) => refusedCodes.has(entry.code)).map((entry) => entry.ticketId));
  const refused = door.pending
    .filter((entry) => refusedCodes.has(entry.code) && !door.refusedAtSync.some((known) => known.ticketId === entry.ticketId))
    .map((entry) => door.pack.tickets.find((ticket) => ticket.ticketId === entry.ticketId) ?? { ticketId: entry.ticketId, holderName: '', variantName: '' });
  return {
    pending: stillPending(door.pending, answer),
    doubleEntries: answer.doubleEntries,
    // An admission the server refused is no check-in: the next scan of the ticket asks again.
    pack: eveningAfterSync({ ...door.pack, checkIns: door.pack.checkIns.filter((checkIn) => !refusedTickets.has(checkIn.ticketId)) }, answer.evening),
    refusedAtSync: [...door.refusedAtSync, ...refused],
  };
}
