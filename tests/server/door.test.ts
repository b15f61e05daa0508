import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { checkIns, checkInDoubleEntries, itemVariants, orders, tickets } from '../../server/db/schema/index.ts';
import { createDoorService } from '../../server/door/doorService.ts';
import { defaultDoorLimits } from '../../server/door/doorLimits.ts';
import { loadOrCreateTicketKey, signTicket } from '../../server/tickets/ticketCodes.ts';
import type { DoorPack, DoorSyncAnswer, ScanOutcome } from '../../contract/door.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand, testImage } from './support/factories.ts';
import { demoDoorEvening, seedDoorEvening } from '../../server/db/seed/doorEvening.ts';
import type { DemoOffers } from '../../server/db/seed/offers.ts';
import { addVariant, makeEvening, newDeviceId, sellTickets, signedInStaff } from './door.helpers.ts';
import { altered } from './support/ticketCodes.ts';

/*
 * Door check-in (issue 43, docs/door.md) on PGlite, or on PostgreSQL with TEST_DATABASE_URL:
 * door staff admit a ticket once (also when many doors scan it at once), are told why a code is
 * refused, get the offline pack, and sync what they admitted offline, double entries reported to
 * both doors. Only door staff reach the routes.
 */

const auroraUrl = 'http://aurora.localhost:8080';
const borealisUrl = 'http://borealis.localhost:8080';
const hour = 3_600_000;
let t: TestApp;
type Caller = Awaited<ReturnType<typeof signedInStaff>>;
let door: Caller;
let otherDoor: Caller;
let member: Caller;
let revoked: Caller;
let borealisDoor: Caller;
let tonight: Awaited<ReturnType<typeof makeEvening>>;
let nextWeek: Awaited<ReturnType<typeof makeEvening>>;
let borealisTonight: Awaited<ReturnType<typeof makeEvening>>;
let holderId: string;
let auroraBrand: { id: string; authTenantId: string };
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } });
  const aurora = await makeBrand(t.db, 'aurora', ['aurora.localhost']);
  auroraBrand = aurora;
  const borealis = await makeBrand(t.db, 'borealis', ['borealis.localhost']);
  tonight = await makeEvening(t.db, 'aurora', 'tonight', 2 * hour, 'Nordlys live');
  nextWeek = await makeEvening(t.db, 'aurora', 'next-week', 7 * 24 * hour);
  await makeEvening(t.db, 'aurora', 'last-night', -20 * hour);
  borealisTonight = await makeEvening(t.db, 'borealis', 'b-tonight', hour);
  door = await signedInStaff(t, aurora, auroraUrl, 'door', 'Dora');
  otherDoor = await signedInStaff(t, aurora, auroraUrl, 'door', 'Otto');
  member = await signedInStaff(t, aurora, auroraUrl, 'member', 'Maja');
  revoked = await signedInStaff(t, aurora, auroraUrl, 'revokedDoor', 'Rolf');
  borealisDoor = await signedInStaff(t, borealis, borealisUrl, 'door', 'Bo');
  holderId = member.uid;
}, 120_000);
afterAll(() => t?.close());

const call = (who: Caller, method: 'GET' | 'POST', url: string, payload?: object, language = 'en') =>
  t.app.inject({ method, url, headers: { ...who.headers, 'accept-language': language }, ...(payload ? { payload } : {}) });
/** One device per door name unless a test says otherwise (two devices may share a name). */
const devices = new Map<string, string>();
const deviceOf = (doorName: string) => devices.get(doorName) ?? devices.set(doorName, newDeviceId()).get(doorName)!;
const scan = async (who: Caller, code: string, doorName = 'Main', eveningId = tonight.eveningId, deviceId = deviceOf(doorName)) => {
  const response = await call(who, 'POST', '/v1/door/check-ins', { eveningId, code, door: doorName, deviceId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ScanOutcome;
};
const sync = async (who: Caller, doorName: string, checkIns: { code: string; at: string }[], eveningId = tonight.eveningId, deviceId = deviceOf(doorName)) => {
  const response = await call(who, 'POST', '/v1/door/sync', { eveningId, door: doorName, checkIns, deviceId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DoorSyncAnswer;
};

describe('checking a ticket in online', () => {
  it('admits a paid ticket once, then says when and at which door it came in', async () => {
    const [ticket] = await sellTickets(t.db, 'aurora', holderId, tonight);
    const first = await scan(door, ticket!.code, 'Main');
    expect(first).toEqual({
      outcome: 'admitted',
      ticket: { ticketId: ticket!.ticketId, holderName: 'Maja Test', variantName: 'Standing', eveningTitle: 'Nordlys live', startsAt: tonight.start.toISOString() },
      admitted: expect.any(Number),
      sold: expect.any(Number),
    });
    const again = await scan(otherDoor, ticket!.code, 'Side');
    expect(again).toMatchObject({ outcome: 'alreadyAdmitted', door: 'Main', ticket: { ticketId: ticket!.ticketId } });
    expect(new Date((again as { at: string }).at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const rows = await t.db.select().from(checkIns).where(eq(checkIns.ticketId, ticket!.ticketId));
    expect(rows).toMatchObject([{ door: 'Main', mode: 'online', byUserId: door.uid }]);
  });

  it('admits one of many doors scanning the same ticket at once', async () => {
    const [ticket] = await sellTickets(t.db, 'aurora', holderId, tonight);
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => scan(i % 2 ? door : otherDoor, ticket!.code, `Door ${i}`)));
    expect(outcomes.filter((o) => o.outcome === 'admitted')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'alreadyAdmitted')).toHaveLength(11);
    const winner = outcomes.findIndex((o) => o.outcome === 'admitted');
    for (const o of outcomes) if (o.outcome === 'alreadyAdmitted') expect(o.door).toBe(`Door ${winner}`);
    expect(await t.db.select().from(checkIns).where(eq(checkIns.ticketId, ticket!.ticketId))).toHaveLength(1);
  });

  it('counts admitted of sold for the evening, cancelled tickets not sold', async () => {
    const evening = await makeEvening(t.db, 'aurora', 'counted', 3 * hour);
    const sold = await sellTickets(t.db, 'aurora', holderId, evening, 3);
    await sellTickets(t.db, 'aurora', holderId, evening, 2, 'cancelled');
    const first = await scan(door, sold[0]!.code, 'Main', evening.eveningId);
    expect(first).toMatchObject({ outcome: 'admitted', admitted: 1, sold: 3 });
    const second = await scan(door, sold[1]!.code, 'Main', evening.eveningId);
    expect(second).toMatchObject({ outcome: 'admitted', admitted: 2, sold: 3 });
  });

  it('refuses forged codes: an altered payload or signature, an unknown key, garbage, a ticket never sold', async () => {
    const [ticket] = await sellTickets(t.db, 'aurora', holderId, tonight);
    expect(await scan(door, altered(ticket!.code, 1))).toEqual({ outcome: 'forged' });
    expect(await scan(door, altered(ticket!.code, 2))).toEqual({ outcome: 'forged' });
    const stranger = { kid: 'not-a-key-of-anyone', privateJwk: { ...(await loadOrCreateTicketKey(t.db, 'borealis')).privateJwk, kid: 'not-a-key-of-anyone' } };
    const unknownKey = await signTicket(stranger, { ticketId: ticket!.ticketId, orderId: 'o', offerId: tonight.offerId, itemVariantId: tonight.variantId, brandId: 'aurora' });
    expect(await scan(door, unknownKey)).toEqual({ outcome: 'forged' });
    for (const junk of ['garbage', 'a.b.c', 'e30.e30.e30', '💥'.repeat(100)]) expect(await scan(door, junk), junk).toEqual({ outcome: 'forged' });
    const neverSold = await signTicket(await loadOrCreateTicketKey(t.db, 'aurora'), { ticketId: 'never-sold', orderId: 'o', offerId: tonight.offerId, itemVariantId: tonight.variantId, brandId: 'aurora' });
    expect(await scan(door, neverSold)).toEqual({ outcome: 'forged' });
    expect(await t.db.select().from(checkIns).where(eq(checkIns.ticketId, ticket!.ticketId))).toHaveLength(0);
  });

  it('refuses a genuine Borealis ticket at an Aurora door as another brand’s', async () => {
    const [theirs] = await sellTickets(t.db, 'borealis', holderId, borealisTonight);
    expect(await scan(door, theirs!.code)).toEqual({ outcome: 'wrongBrand' });
    // Signed with Aurora's key but naming Borealis: also another brand's.
    const named = await signTicket(await loadOrCreateTicketKey(t.db, 'aurora'), { ticketId: theirs!.ticketId, orderId: 'o', offerId: tonight.offerId, itemVariantId: tonight.variantId, brandId: 'borealis' });
    expect(await scan(door, named)).toEqual({ outcome: 'wrongBrand' });
    // At its own brand's door it comes in.
    expect(await scan(borealisDoor, theirs!.code, 'Main', borealisTonight.eveningId)).toMatchObject({ outcome: 'admitted' });
  });

  it('refuses a ticket for another evening, naming that evening', async () => {
    const [ticket] = await sellTickets(t.db, 'aurora', holderId, nextWeek);
    expect(await scan(door, ticket!.code)).toEqual({
      outcome: 'wrongEvening',
      ticket: expect.objectContaining({ ticketId: ticket!.ticketId, eveningTitle: `Evening ${nextWeek.offerId}`, startsAt: nextWeek.start.toISOString() }),
    });
    expect(await t.db.select().from(checkIns).where(eq(checkIns.ticketId, ticket!.ticketId))).toHaveLength(0);
  });

  it('refuses the tickets of a cancelled and of a refunded order', async () => {
    const [cancelled] = await sellTickets(t.db, 'aurora', holderId, tonight, 1, 'cancelled');
    const [refunded] = await sellTickets(t.db, 'aurora', holderId, tonight);
    // Refunded at the payment provider after the sale: its code still verifies.
    const [sold] = await t.db.select({ orderId: tickets.orderId }).from(tickets).where(eq(tickets.id, refunded!.ticketId));
    await t.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, sold!.orderId));
    expect(await scan(door, cancelled!.code)).toMatchObject({ outcome: 'voided', reason: 'cancelled', ticket: { ticketId: cancelled!.ticketId } });
    expect(await scan(door, refunded!.code)).toMatchObject({ outcome: 'voided', reason: 'refunded', ticket: { ticketId: refunded!.ticketId } });
  });

  it('answers the evening title and variant in the request language', async () => {
    const [ticket] = await sellTickets(t.db, 'aurora', holderId, tonight);
    const response = await call(door, 'POST', '/v1/door/check-ins', { eveningId: tonight.eveningId, code: ticket!.code, door: 'Main', deviceId: deviceOf('Main') }, 'sv');
    expect(response.json()).toMatchObject({ outcome: 'admitted', ticket: { eveningTitle: 'Kväll tonight', variantName: 'Ståplats' } });
  });
});

describe('the evenings and the offline pack', () => {
  it('lists the brand evenings starting within 36 hours or started within 12, with their numbers', async () => {
    const response = await call(door, 'GET', '/v1/door/evenings');
    expect(response.statusCode).toBe(200);
    const { evenings } = response.json() as { evenings: { offerId: string; admitted: number; sold: number }[] };
    const ids = evenings.map((e) => e.offerId);
    expect(ids).toContain(tonight.offerId);
    expect(ids).not.toContain(nextWeek.offerId);
    expect(ids).not.toContain('last-night');
    expect(ids).not.toContain(borealisTonight.offerId);
    const evening = evenings.find((e) => e.offerId === tonight.offerId)!;
    expect(evening.admitted).toBeGreaterThan(0);
    expect(evening.sold).toBeGreaterThanOrEqual(evening.admitted);
  });

  it('packs the brand keys, the void list, the sold tickets and the check-ins of the evening', async () => {
    const evening = await makeEvening(t.db, 'aurora', 'packed', 4 * hour);
    const sold = await sellTickets(t.db, 'aurora', holderId, evening, 2);
    const [voided] = await sellTickets(t.db, 'aurora', holderId, evening, 1, 'cancelled');
    await scan(door, sold[0]!.code, 'Main', evening.eveningId);
    const response = await call(door, 'GET', `/v1/door/evenings/${evening.eveningId}/pack`);
    expect(response.statusCode).toBe(200);
    const pack = response.json() as DoorPack;
    expect(pack.evening).toMatchObject({ eveningId: evening.eveningId, offerId: evening.offerId, variantIds: [evening.variantId], city: null, admitted: 1, sold: 2, startsAt: evening.start.toISOString() });
    expect(pack.publicKeys.keys.map((k) => k.kid)).toContain((await loadOrCreateTicketKey(t.db, 'aurora')).kid);
    expect(JSON.stringify(pack.publicKeys)).not.toMatch(/"d"/);
    expect(pack.voidTickets).toEqual([{ ticketId: voided!.ticketId, reason: 'cancelled' }]);
    expect(pack.tickets.map((x) => x.ticketId).sort()).toEqual(sold.map((s) => s.ticketId).sort());
    expect(pack.tickets[0]).toMatchObject({ holderName: 'Maja Test', variantName: 'Standing' });
    expect(pack.checkIns).toEqual([{ ticketId: sold[0]!.ticketId, at: expect.any(String), door: 'Main' }]);
  });

  it('answers 404 door/evening-not-found for an offer that is not one of the brand ticketed events', async () => {
    // An offer's id names no evening, nor does a variant of an evening other than its first.
    const seated = await addVariant(t.db, 'aurora', tonight.offerId, 'tonight-seated', 1, tonight.start);
    for (const eveningId of ['no-such-evening', tonight.offerId, seated.variantId, borealisTonight.eveningId]) {
      const pack = await call(door, 'GET', `/v1/door/evenings/${eveningId}/pack`);
      expect([pack.statusCode, pack.json()]).toEqual([404, { status: 404, code: 'door/evening-not-found', message: expect.any(String) }]);
      const checkIn = await call(door, 'POST', '/v1/door/check-ins', { eveningId, code: 'x.y.z', door: 'Main', deviceId: deviceOf('Main') });
      expect([checkIn.statusCode, checkIn.json().code]).toEqual([404, 'door/evening-not-found']);
    }
  });
});

describe('syncing what a door admitted offline', () => {
  it('records the first door, reports the second as a double entry, and tells the first door at its next sync', async () => {
    const evening = await makeEvening(t.db, 'aurora', 'offline', 2 * hour);
    const [x, y] = await sellTickets(t.db, 'aurora', holderId, evening, 2);
    const atA = new Date(Date.now() - 10 * 60_000).toISOString();
    const atB = new Date(Date.now() - 5 * 60_000).toISOString();

    const a = await sync(door, 'North', [{ code: x!.code, at: atA }, { code: y!.code, at: atA }], evening.eveningId);
    expect(a.results).toEqual([{ code: x!.code, outcome: 'recorded' }, { code: y!.code, outcome: 'recorded' }]);
    expect(a.doubleEntries).toEqual([]);
    expect(a.evening).toMatchObject({ admitted: 2, sold: 2 });

    const b = await sync(otherDoor, 'South', [{ code: x!.code, at: atB }], evening.eveningId);
    expect(b.results).toEqual([{ code: x!.code, outcome: 'doubleEntry', firstAt: atA, firstDoor: 'North' }]);
    const double = { ticketId: x!.ticketId, holderName: 'Maja Test', entries: [{ door: 'North', at: atA }, { door: 'South', at: atB }] };
    expect(b.doubleEntries).toEqual([double]);
    expect(b.evening.admitted).toBe(2);

    // Door A's next sync, with nothing new, learns of it.
    const again = await sync(door, 'North', [], evening.eveningId);
    expect(again.doubleEntries).toEqual([double]);
    // A door that took no part hears nothing of it.
    expect((await sync(door, 'East', [], evening.eveningId)).doubleEntries).toEqual([]);
  });

  it('is idempotent: the same door sending the same check-ins again changes nothing', async () => {
    const evening = await makeEvening(t.db, 'aurora', 'resent', 2 * hour);
    const [x] = await sellTickets(t.db, 'aurora', holderId, evening);
    const at = new Date(Date.now() - 60_000).toISOString();
    await sync(door, 'North', [{ code: x!.code, at }], evening.eveningId);
    const first = await sync(otherDoor, 'South', [{ code: x!.code, at }], evening.eveningId);
    const second = await sync(otherDoor, 'South', [{ code: x!.code, at }, { code: x!.code, at }], evening.eveningId);
    expect(second.results.map((r) => r.outcome)).toEqual(['doubleEntry', 'doubleEntry']);
    expect(second.doubleEntries).toEqual(first.doubleEntries);
    expect((await sync(door, 'North', [{ code: x!.code, at }], evening.eveningId)).results).toEqual([{ code: x!.code, outcome: 'recorded' }]);
    expect(await t.db.select().from(checkIns).where(eq(checkIns.ticketId, x!.ticketId))).toMatchObject([{ door: 'North', mode: 'offline' }]);
    expect(await t.db.select().from(checkInDoubleEntries).where(and(eq(checkInDoubleEntries.ticketId, x!.ticketId)))).toHaveLength(1);
  });

  it('refuses what the device should not have admitted: forged, voided, another evening or brand', async () => {
    const evening = await makeEvening(t.db, 'aurora', 'refusing', 2 * hour);
    const [good] = await sellTickets(t.db, 'aurora', holderId, evening);
    const [voided] = await sellTickets(t.db, 'aurora', holderId, evening, 1, 'refunded');
    const [elsewhere] = await sellTickets(t.db, 'aurora', holderId, nextWeek);
    const [theirs] = await sellTickets(t.db, 'borealis', holderId, borealisTonight);
    const at = new Date().toISOString();
    const codes = [altered(good!.code, 2), voided!.code, elsewhere!.code, theirs!.code, 'garbage'];
    const answer = await sync(door, 'North', codes.map((code) => ({ code, at })), evening.eveningId);
    expect(answer.results.map((r) => r.outcome)).toEqual(codes.map(() => 'refused'));
    expect(answer.evening.admitted).toBe(0);
  });
});

describe('an offer with several nights and cities: one evening each', () => {
  let tour: Awaited<ReturnType<typeof makeEvening>>;
  let seated: Awaited<ReturnType<typeof addVariant>>;
  let secondNight: Awaited<ReturnType<typeof addVariant>>;
  let malmo: Awaited<ReturnType<typeof addVariant>>;
  beforeAll(async () => {
    tour = await makeEvening(t.db, 'aurora', 'tour', 2 * hour, 'On tour');
    // Listed in position order: the first night's second ticket type after the other evenings' variants.
    secondNight = await addVariant(t.db, 'aurora', 'tour', 'tour-night2', 1, new Date(tour.start.getTime() + 24 * hour));
    malmo = await addVariant(t.db, 'aurora', 'tour', 'tour-malmo', 2, tour.start, 'Malmö');
    seated = await addVariant(t.db, 'aurora', 'tour', 'tour-seated', 3, tour.start);
  });

  it('lists each night and city as its own evening, counting only its own tickets', async () => {
    await sellTickets(t.db, 'aurora', holderId, tour, 2);
    await sellTickets(t.db, 'aurora', holderId, seated, 1);
    await sellTickets(t.db, 'aurora', holderId, secondNight, 3);
    const response = await call(door, 'GET', '/v1/door/evenings');
    const tourEvenings = (response.json() as { evenings: { offerId: string }[] }).evenings.filter((e) => e.offerId === 'tour');
    expect(tourEvenings).toEqual([
      { eveningId: 'tour-malmo', offerId: 'tour', title: 'On tour', startsAt: tour.start.toISOString(), city: 'Malmö', variantIds: ['tour-malmo'], admitted: 0, sold: 0 },
      { eveningId: 'tour-v0', offerId: 'tour', title: 'On tour', startsAt: tour.start.toISOString(), city: null, variantIds: ['tour-v0', 'tour-seated'], admitted: 0, sold: 3 },
      { eveningId: 'tour-night2', offerId: 'tour', title: 'On tour', startsAt: secondNight.start.toISOString(), city: null, variantIds: ['tour-night2'], admitted: 0, sold: 3 },
    ]);
  });

  it('refuses a ticket of another night or city of the same offer online (naming its own night) and at the sync', async () => {
    const [night2] = await sellTickets(t.db, 'aurora', holderId, secondNight);
    const [inMalmo] = await sellTickets(t.db, 'aurora', holderId, malmo);
    expect(await scan(door, night2!.code, 'Main', tour.eveningId)).toEqual({
      outcome: 'wrongEvening',
      ticket: { ticketId: night2!.ticketId, holderName: 'Maja Test', variantName: 'Seated', eveningTitle: 'On tour', startsAt: secondNight.start.toISOString() },
    });
    expect(await scan(door, inMalmo!.code, 'Main', tour.eveningId)).toMatchObject({ outcome: 'wrongEvening', ticket: { ticketId: inMalmo!.ticketId } });
    const at = new Date().toISOString();
    const synced = await sync(door, 'North', [{ code: night2!.code, at }, { code: inMalmo!.code, at }], tour.eveningId);
    expect(synced.results.map((r) => r.outcome)).toEqual(['refused', 'refused']);
    expect(await t.db.select().from(checkIns).where(eq(checkIns.ticketId, night2!.ticketId))).toHaveLength(0);
    // A code whose variant is not its ticket's (a leaked key) is forged, whichever evening it names.
    const key = await loadOrCreateTicketKey(t.db, 'aurora');
    const [sold] = await t.db.select({ orderId: tickets.orderId }).from(tickets).where(eq(tickets.id, night2!.ticketId));
    const relabelled = await signTicket(key, { ticketId: night2!.ticketId, orderId: sold!.orderId, offerId: 'tour', itemVariantId: tour.variantId, brandId: 'aurora' });
    expect(await scan(door, relabelled, 'Main', tour.eveningId)).toEqual({ outcome: 'forged' });
    // At its own night it comes in, and that night's numbers move, not the first's.
    expect(await scan(door, night2!.code, 'Main', secondNight.eveningId)).toMatchObject({ outcome: 'admitted', admitted: 1, sold: 4 });
  });

  it('admits both ticket types of one night, and packs only that night’s tickets and check-ins', async () => {
    const [standing] = await sellTickets(t.db, 'aurora', holderId, tour);
    const [seat] = await sellTickets(t.db, 'aurora', holderId, seated);
    expect(await scan(door, seat!.code, 'Main', tour.eveningId)).toMatchObject({ outcome: 'admitted', ticket: { variantName: 'Seated' } });
    expect(await scan(door, standing!.code, 'Main', tour.eveningId)).toMatchObject({ outcome: 'admitted' });
    const pack = (await call(door, 'GET', `/v1/door/evenings/${tour.eveningId}/pack`)).json() as DoorPack;
    const ownTickets = await t.db.select({ id: tickets.id, variant: tickets.itemVariantId }).from(tickets).where(eq(tickets.offerId, 'tour'));
    const ofThisNight = ownTickets.filter((row) => row.variant === tour.variantId || row.variant === seated.variantId).map((row) => row.id);
    expect(pack.tickets.map((ticket) => ticket.ticketId).sort()).toEqual([...ofThisNight].sort());
    expect(pack.checkIns.map((c) => c.ticketId).sort()).toEqual([standing!.ticketId, seat!.ticketId].sort());
    expect(pack.evening).toMatchObject({ eveningId: tour.eveningId, admitted: 2, sold: ofThisNight.length });
  });
});

describe('door devices that share a name', () => {
  it('reports a ticket admitted offline at two devices both called "Main entrance" as a double entry to both; each re-sync is idempotent', async () => {
    const evening = await makeEvening(t.db, 'aurora', 'shared-name', 2 * hour);
    const [x] = await sellTickets(t.db, 'aurora', holderId, evening);
    const [left, right, bystander] = [newDeviceId(), newDeviceId(), newDeviceId()];
    const atA = new Date(Date.now() - 10 * 60_000).toISOString();
    const atB = new Date(Date.now() - 5 * 60_000).toISOString();
    const a = await sync(door, 'Main entrance', [{ code: x!.code, at: atA }], evening.eveningId, left);
    expect(a.results).toEqual([{ code: x!.code, outcome: 'recorded' }]);
    const b = await sync(otherDoor, 'Main entrance', [{ code: x!.code, at: atB }], evening.eveningId, right);
    expect(b.results).toEqual([{ code: x!.code, outcome: 'doubleEntry', firstAt: atA, firstDoor: 'Main entrance' }]);
    const double = { ticketId: x!.ticketId, holderName: 'Maja Test', entries: [{ door: 'Main entrance', at: atA }, { door: 'Main entrance', at: atB }] };
    expect(b.doubleEntries).toEqual([double]);
    // The first device learns of it at its next sync; re-sending changes nothing for either.
    const againA = await sync(door, 'Main entrance', [{ code: x!.code, at: atA }], evening.eveningId, left);
    expect([againA.results, againA.doubleEntries]).toEqual([[{ code: x!.code, outcome: 'recorded' }], [double]]);
    const againB = await sync(otherDoor, 'Main entrance', [{ code: x!.code, at: atB }], evening.eveningId, right);
    expect([againB.results.map((r) => r.outcome), againB.doubleEntries]).toEqual([['doubleEntry'], [double]]);
    // A third device of the same name that took no part hears nothing of it.
    expect((await sync(door, 'Main entrance', [], evening.eveningId, bystander)).doubleEntries).toEqual([]);
    expect(await t.db.select().from(checkIns).where(eq(checkIns.ticketId, x!.ticketId))).toMatchObject([{ deviceId: left, mode: 'offline' }]);
    expect(await t.db.select().from(checkInDoubleEntries).where(eq(checkInDoubleEntries.ticketId, x!.ticketId))).toMatchObject([{ deviceId: right }]);
  });

  it('refuses an offline check-in whose time is long before the evening or ahead of the server', async () => {
    const evening = await makeEvening(t.db, 'aurora', 'timed', 2 * hour);
    const [early, late, fine] = await sellTickets(t.db, 'aurora', holderId, evening, 3);
    const answer = await sync(door, 'North', [
      { code: early!.code, at: new Date(evening.start.getTime() - 25 * hour).toISOString() },
      { code: late!.code, at: new Date(Date.now() + 10 * 60_000).toISOString() },
      { code: fine!.code, at: new Date(Date.now() + 60_000).toISOString() },
    ], evening.eveningId);
    expect(answer.results.map((r) => r.outcome)).toEqual(['refused', 'refused', 'recorded']);
    expect(answer.evening.admitted).toBe(1);
  });

  it('keeps the double entries of at most the evening’s device cap; later devices are still told', async () => {
    const capped = createDoorService({ db: t.db, limits: { ...defaultDoorLimits, doubleEntryDevicesPerEvening: 2 } });
    const evening = await makeEvening(t.db, 'aurora', 'capped', 2 * hour);
    const [x, y] = await sellTickets(t.db, 'aurora', holderId, evening, 2);
    const staff = { brandId: 'aurora', userId: door.uid };
    const en = { language: 'en', fallback: 'en' } as const;
    const at = new Date().toISOString();
    const syncAs = async (deviceId: string, code: string) => {
      const answer = await capped.sync(staff, { eveningId: evening.eveningId, door: 'Main', deviceId, checkIns: [{ code, at }] }, en);
      if (!answer.ok) throw new Error(answer.refusal);
      return answer.value.results[0]!.outcome;
    };
    const devices = Array.from({ length: 5 }, () => newDeviceId());
    expect(await syncAs(devices[0]!, x!.code)).toBe('recorded');
    expect(await syncAs(devices[0]!, y!.code)).toBe('recorded');
    for (const device of devices.slice(1)) expect(await syncAs(device, x!.code)).toBe('doubleEntry');
    const kept = async () => (await t.db.select().from(checkInDoubleEntries).where(eq(checkInDoubleEntries.eveningId, evening.eveningId))).map((row) => row.deviceId);
    expect(await kept()).toEqual(devices.slice(1, 3));
    // A device already kept keeps its next double entries; one beyond the cap still does not.
    expect(await syncAs(devices[1]!, y!.code)).toBe('doubleEntry');
    expect(await syncAs(devices[4]!, y!.code)).toBe('doubleEntry');
    expect((await kept()).sort()).toEqual([devices[1]!, devices[1]!, devices[2]!].sort());
  });
});

describe('a door account sending too much', () => {
  it('answers 429 door/too-many-requests past 60 syncs a minute, counting parallel requests exactly', async () => {
    const busy = await signedInStaff(t, auroraBrand, auroraUrl, 'door', 'Busy');
    const payload = { eveningId: tonight.eveningId, door: 'Main', deviceId: newDeviceId(), checkIns: [] };
    const responses = await Promise.all(Array.from({ length: 66 }, () => call(busy, 'POST', '/v1/door/sync', payload)));
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(defaultDoorLimits.syncsPerMinute);
    expect(refused).toHaveLength(66 - defaultDoorLimits.syncsPerMinute);
    expect(refused[0]!.json()).toEqual({ status: 429, code: 'door/too-many-requests', message: expect.stringMatching(/try again in \d+ seconds/) });
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    // Another account's door is not held up.
    expect((await call(otherDoor, 'POST', '/v1/door/sync', payload)).statusCode).toBe(200);
  }, 120_000);

  it('counts check-ins per account the same way (a low limit, parallel scans)', async () => {
    const limited = createDoorService({ db: t.db, limits: { ...defaultDoorLimits, checkInsPerMinute: 3 } });
    const staff = { brandId: 'aurora', userId: `limited-${newDeviceId()}` };
    const en = { language: 'en', fallback: 'en' } as const;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => limited.checkIn(staff, { eveningId: tonight.eveningId, code: 'x.y.z', door: 'Main', deviceId: 'device-main' }, en)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(rejected).toHaveLength(5);
    for (const { reason } of rejected) expect(reason).toMatchObject({ status: 429, code: 'door/too-many-requests' });
  }, 60_000);
});

describe('who may use the door', () => {
  const routes = (eveningId: string) =>
    [
      ['GET', '/v1/door/evenings', undefined],
      ['GET', `/v1/door/evenings/${eveningId}/pack`, undefined],
      ['POST', '/v1/door/check-ins', { eveningId, code: 'x.y.z', door: 'Main', deviceId: 'device-main' }],
      ['POST', '/v1/door/sync', { eveningId, door: 'Main', deviceId: 'device-main', checkIns: [] }],
    ] as const;

  it('refuses a member and a revoked door role with 403 door/not-door-staff on every door route', async () => {
    for (const who of [member, revoked]) {
      for (const [method, url, payload] of routes(tonight.eveningId)) {
        const response = await call(who, method, url, payload);
        expect([response.statusCode, response.json()], `${method} ${url}`).toEqual([
          403,
          { status: 403, code: 'door/not-door-staff', message: 'Only door staff can check tickets in' },
        ]);
      }
    }
  });

  it('answers 401 to a signed-out request, and door staff of another brand are not door staff here', async () => {
    for (const [method, url, payload] of routes(tonight.eveningId)) {
      const response = await t.app.inject({ method, url, headers: { 'x-app-url': auroraUrl }, ...(payload ? { payload } : {}) });
      expect([response.statusCode, response.json().status], `${method} ${url}`).toEqual([401, 401]);
      const foreign = await t.app.inject({ method, url, headers: { ...borealisDoor.headers, 'x-app-url': auroraUrl, host: 'aurora.localhost' }, ...(payload ? { payload } : {}) });
      expect(foreign.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lets a door user use the app as a member does: their role reads door', async () => {
    const response = await call(door, 'GET', '/v1/get/brand/role');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ brandRoleId: 'door' });
  });
});

describe('bad requests', () => {
  it('answers 400 in the spec shape, never 500', async () => {
    const bodies: [string, unknown][] = [
      ['/v1/door/check-ins', {}],
      ['/v1/door/check-ins', { eveningId: tonight.eveningId, code: 'x'.repeat(4097), door: 'Main', deviceId: 'device-main' }],
      ['/v1/door/check-ins', { eveningId: tonight.eveningId, code: 'x.y.z', door: '', deviceId: 'device-main' }],
      ['/v1/door/check-ins', { eveningId: tonight.eveningId, code: 'x.y.z', door: 'd'.repeat(41), deviceId: 'device-main' }],
      ['/v1/door/check-ins', { eveningId: tonight.eveningId, code: 42, door: 'Main', deviceId: 'device-main' }],
      ['/v1/door/check-ins', { eveningId: tonight.eveningId, code: 'x.y.z', door: 'Main' }],
      ['/v1/door/check-ins', { eveningId: tonight.eveningId, code: 'x.y.z', door: 'Main', deviceId: 'short' }],
      ['/v1/door/check-ins', { eveningId: tonight.eveningId, code: 'x.y.z', door: 'Main', deviceId: 'device main/../x' }],
      ['/v1/door/check-ins', { eveningId: tonight.eveningId, code: 'x.y.z', door: 'Main', deviceId: 'd'.repeat(65) }],
      ['/v1/door/check-ins', { offerId: tonight.offerId, code: 'x.y.z', door: 'Main', deviceId: 'device-main' }],
      ['/v1/door/sync', { eveningId: tonight.eveningId, door: 'Main', deviceId: 'device-main' }],
      ['/v1/door/sync', { eveningId: tonight.eveningId, door: 'Main', checkIns: [] }],
      ['/v1/door/sync', { eveningId: tonight.eveningId, door: 'Main', deviceId: 'device-main', checkIns: [{ code: 'x.y.z', at: 'yesterday-ish' }] }],
      ['/v1/door/sync', { eveningId: tonight.eveningId, door: 'Main', deviceId: 'device-main', checkIns: Array.from({ length: 501 }, () => ({ code: 'x.y.z', at: new Date().toISOString() })) }],
      ['/v1/door/sync', 'not json at all'],
    ];
    for (const [url, payload] of bodies) {
      const response = await t.app.inject({ method: 'POST', url, headers: { ...door.headers, 'content-type': 'application/json' }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
      expect(response.statusCode, `${url} ${JSON.stringify(payload).slice(0, 80)}`).toBe(400);
      expect(response.json()).toEqual({ status: 400, code: expect.any(String), message: expect.any(String) });
    }
  });

  it('never logs ticket codes or holder names', async () => {
    const [ticket] = await sellTickets(t.db, 'aurora', holderId, tonight);
    await scan(door, ticket!.code);
    await sync(door, 'North', [{ code: ticket!.code, at: new Date().toISOString() }]);
    await call(door, 'POST', '/v1/door/check-ins', { eveningId: tonight.eveningId, code: `${ticket!.code}!`, door: 'Main', deviceId: deviceOf('Main') });
    const signature = ticket!.code.split('.')[2]!;
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(signature);
    expect(logLines.join('\n')).not.toContain('Maja Test');
  });
});

describe("the demo's evening at the door", () => {
  it('is tonight whenever the demo starts: an evening that is over moves to the coming night, one still ahead stays', async () => {
    const demo = { rows: [{ itemVariantType: 'ticket', categoryId: 'music', puffImage: testImage }], sales: new Map() } as unknown as DemoOffers;
    const { offerId, itemVariantId } = demoDoorEvening('aurora');
    const startOf = async () => (await t.db.select({ start: itemVariants.dateStart }).from(itemVariants).where(eq(itemVariants.id, itemVariantId)))[0]!.start!;
    // Seeded three days ago: its evening is long over.
    await seedDoorEvening(t.db, 'aurora', demo, new Date(Date.now() - 3 * 24 * hour));
    expect((await startOf()).getTime()).toBeLessThan(Date.now() - 12 * hour);
    await seedDoorEvening(t.db, 'aurora', demo, new Date());
    const tonightStart = await startOf();
    expect(tonightStart.getTime() - Date.now()).toBeGreaterThan(2 * hour);
    expect(tonightStart.getTime() - Date.now()).toBeLessThan(4 * hour);
    // Started again an hour later: the evening (and the tickets sold for it) stays where it is.
    await seedDoorEvening(t.db, 'aurora', demo, new Date(Date.now() + hour));
    expect(await startOf()).toEqual(tonightStart);
    // One evening: the offer has one variant, whose id is the evening's.
    const { evenings } = (await call(door, 'GET', '/v1/door/evenings')).json() as { evenings: { offerId: string; eveningId: string; variantIds: string[] }[] };
    expect(evenings.filter((e) => e.offerId === offerId)).toMatchObject([{ eveningId: itemVariantId, variantIds: [itemVariantId] }]);
    // Members find it and can buy it: an ordinary ticketed offer.
    const page = await call(member, 'GET', `/v1/get/offer?id=${offerId}&getAvailability=true`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().itemVariantAvailability).toEqual({ [itemVariantId]: 500 });
  });
});
