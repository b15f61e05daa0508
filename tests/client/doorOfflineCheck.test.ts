// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CompactSign, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { DoorPack } from '../../contract/door.ts';
import { afterDeviceAnswer, afterSync, isInAlready, offlineOutcome, refreshedPack, withPending } from '../../machines/doorScan.rules.ts';
import { checkTicketSignature } from '../../src/services/ticketSignature.ts';
import { doorDeviceStore } from '../../src/services/doorDevice.ts';
import { cacheKeyPrefix, clearAll } from '../../src/services/persistedStore.ts';

/*
 * The door's offline check (issue 43): a code checked on the device against the pack's public
 * keys (src/services/ticketSignature.ts, with real Ed25519 keys as docs/tickets.md signs them),
 * then the pack's rules (machines/doorScan.rules.ts): brand, evening, void list, check-ins.
 */
async function brandKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' };
  const sign = (payload: Record<string, string>, typ = 'klubb-ticket+jws') =>
    new CompactSign(new TextEncoder().encode(JSON.stringify(payload))).setProtectedHeader({ alg: 'EdDSA', kid, typ }).sign(privateKey);
  return { publicJwk, sign };
}

const evening = { eveningId: 'v-first-night', offerId: 'aurora-door-evening', city: 'Stockholm', variantIds: ['v-first-night', 'v-first-night-vip'], title: 'Club night', startsAt: '2030-01-01T19:00:00.000Z', admitted: 1, sold: 4 };

function packWith(keys: JWK[]): DoorPack {
  return {
    evening,
    publicKeys: { keys } as DoorPack['publicKeys'],
    voidTickets: [
      { ticketId: 't-cancelled', reason: 'cancelled' },
      { ticketId: 't-refunded', reason: 'refunded' },
    ],
    tickets: [
      { ticketId: 't-paid', holderName: 'Alma Berg', variantName: 'Standard' },
      { ticketId: 't-in', holderName: 'Ivar Lund', variantName: 'Standard' },
    ],
    checkIns: [{ ticketId: 't-in', at: '2030-01-01T18:40:00.000Z', door: 'North' }],
  };
}

const claims = (ticketId: string, offerId = evening.offerId, brandId = 'aurora', variantId = 'v-first-night-vip') => ({ t: ticketId, n: 'order-1', o: offerId, v: variantId, b: brandId });

describe('the door checks a code on the device', async () => {
  const aurora = await brandKey('aurora-key');
  const borealis = await brandKey('borealis-key');
  const pack = packWith([aurora.publicJwk]);
  const verdict = async (code: string) => offlineOutcome(await checkTicketSignature(code, pack.publicKeys), pack, 'aurora');

  it('admits a paid ticket of this evening, with its holder, type and evening, counting it in', async () => {
    expect(await verdict(await aurora.sign(claims('t-paid')))).toEqual({
      outcome: 'admitted',
      ticket: { ticketId: 't-paid', holderName: 'Alma Berg', variantName: 'Standard', eveningTitle: 'Club night', startsAt: evening.startsAt },
      admitted: 2,
      sold: 4,
    });
  });

  it('refuses a ticket already in, saying when and at which door', async () => {
    expect(await verdict(await aurora.sign(claims('t-in')))).toMatchObject({ outcome: 'alreadyAdmitted', at: '2030-01-01T18:40:00.000Z', door: 'North' });
  });

  it('refuses a cancelled and a refunded ticket, whose signatures are still good', async () => {
    expect(await verdict(await aurora.sign(claims('t-cancelled')))).toMatchObject({ outcome: 'voided', reason: 'cancelled' });
    expect(await verdict(await aurora.sign(claims('t-refunded')))).toMatchObject({ outcome: 'voided', reason: 'refunded' });
  });

  it('refuses a ticket of another evening of the brand', async () => {
    expect(await verdict(await aurora.sign(claims('t-paid', 'aurora-live-001')))).toMatchObject({ outcome: 'wrongEvening', ticket: { ticketId: 't-paid' } });
  });

  it('refuses a ticket of another night of the same offer (another variant), and admits both variants of this one', async () => {
    const secondNight = await aurora.sign(claims('t-paid', evening.offerId, 'aurora', 'v-second-night'));
    expect(await verdict(secondNight)).toMatchObject({ outcome: 'wrongEvening', ticket: { ticketId: 't-paid' } });
    expect(await verdict(await aurora.sign(claims('t-paid', evening.offerId, 'aurora', 'v-first-night')))).toMatchObject({ outcome: 'admitted' });
    // A code without a variant is no ticket we signed.
    const { v: _v, ...withoutVariant } = claims('t-paid');
    expect(await verdict(await aurora.sign(withoutVariant))).toEqual({ outcome: 'forged' });
  });

  it("refuses another brand's ticket as wrong brand, signed with its key or naming it under ours", async () => {
    expect(await verdict(await borealis.sign(claims('t-b', evening.offerId, 'borealis')))).toEqual({ outcome: 'wrongBrand' });
    expect(await verdict(await aurora.sign(claims('t-b', evening.offerId, 'borealis')))).toEqual({ outcome: 'wrongBrand' });
  });

  it('refuses as forged: an altered signature or payload, our brand under an unknown key, another type, garbage', async () => {
    const good = await aurora.sign(claims('t-paid'));
    const [head, payload, signature] = good.split('.');
    const flipped = `${head}.${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    const otherPayload = Buffer.from(JSON.stringify(claims('t-in'))).toString('base64url');
    const stranger = await brandKey('stolen-key');
    for (const code of [flipped, `${head}.${otherPayload}.${signature}`, await stranger.sign(claims('t-paid')), await aurora.sign(claims('t-paid'), 'JWT'), 'hello', '', 'a.b.c']) {
      expect(await verdict(code), code).toEqual({ outcome: 'forged' });
    }
  });

  it('admits a validly signed ticket the pack does not list (sold after it loaded), without a name', async () => {
    expect(await verdict(await aurora.sign(claims('t-late')))).toMatchObject({ outcome: 'admitted', ticket: { ticketId: 't-late', holderName: '' } });
  });

  it('keeps an admission: into the pack and pending; the same ticket next is already in', async () => {
    const code = await aurora.sign(claims('t-paid'));
    const first = afterDeviceAnswer({ pack, pending: [], brandId: 'aurora', door: 'West', code }, await checkTicketSignature(code, pack.publicKeys), '2030-01-01T19:02:00.000Z');
    expect(first.pending).toEqual([{ code, ticketId: 't-paid', at: '2030-01-01T19:02:00.000Z' }]);
    expect(first.pack!.evening.admitted).toBe(2);
    const again = offlineOutcome(await checkTicketSignature(code, pack.publicKeys), first.pack!, 'aurora');
    expect(again).toMatchObject({ outcome: 'alreadyAdmitted', door: 'West' });
    // A pack loaded afresh before the sync keeps the device's own admission.
    expect(withPending(pack, first.pending!, 'West').checkIns.map((checkIn) => checkIn.ticketId)).toEqual(['t-in', 't-paid']);
    // Online, the device's own knowledge answers first (the server may not have the offline admission yet).
    expect(isInAlready(await checkTicketSignature(code, pack.publicKeys), { pack: first.pack!, brandId: 'aurora' })).toBe(true);
    expect(isInAlready(await checkTicketSignature(code, pack.publicKeys), { pack, brandId: 'aurora' })).toBe(false);
  });

  it('keeps its own online admission over a refreshed pack read before it, but not over another evening', () => {
    const admittedHere = { ...pack, checkIns: [...pack.checkIns, { ticketId: 't-paid', at: '2030-01-01T19:03:00.000Z', door: 'West' }] };
    const refreshed = refreshedPack(pack, admittedHere, [], 'West');
    expect(refreshed.checkIns.map((checkIn) => checkIn.ticketId)).toEqual(['t-in', 't-paid']);
    expect(refreshed.evening.admitted).toBe(2);
    const otherEvening = { ...pack, evening: { ...pack.evening, eveningId: 'v-second-night' } };
    expect(refreshedPack(otherEvening, admittedHere, [], 'West').checkIns.map((checkIn) => checkIn.ticketId)).toEqual(['t-in']);
  });
});

describe('a sync kept on the device', () => {
  it('drops what the server answered for, keeps the rest, takes its numbers and double entries, and remembers the refused', () => {
    const pack = packWith([]);
    const pending = [
      { code: 'c-paid', ticketId: 't-paid', at: '2030-01-01T19:01:00.000Z' },
      { code: 'c-in', ticketId: 't-in', at: '2030-01-01T19:02:00.000Z' },
      { code: 'c-late', ticketId: 't-late', at: '2030-01-01T19:03:00.000Z' },
    ];
    const doubleEntries = [{ ticketId: 't-in', holderName: 'Ivar Lund', entries: [{ door: 'North', at: '2030-01-01T18:40:00.000Z' }, { door: 'West', at: '2030-01-01T19:02:00.000Z' }] }];
    const answer = {
      results: [
        { code: 'c-paid', outcome: 'refused' as const },
        { code: 'c-in', outcome: 'doubleEntry' as const, firstAt: '2030-01-01T18:40:00.000Z', firstDoor: 'North' },
      ],
      doubleEntries,
      evening: { ...evening, admitted: 3 },
    };
    const kept = afterSync({ pack, pending, refusedAtSync: [] }, answer);
    expect(kept.pending.map((entry) => entry.code)).toEqual(['c-late']);
    expect(kept.doubleEntries).toEqual(doubleEntries);
    expect(kept.pack.evening.admitted).toBe(3);
    expect(kept.refusedAtSync).toEqual([{ ticketId: 't-paid', holderName: 'Alma Berg', variantName: 'Standard' }]);
    // The same refusal answered again (a sync sent twice) is told once.
    expect(afterSync({ pack, pending, refusedAtSync: kept.refusedAtSync }, answer).refusedAtSync).toHaveLength(1);
  });
});

describe("the door's device storage", () => {
  const fakeStorage = (quota = Infinity) => {
    const storage = new Map<string, string>();
    return {
      storage,
      fake: {
        get length() {
          return storage.size;
        },
        key: (index: number) => [...storage.keys()][index] ?? null,
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => {
          if (value.length > quota) throw new DOMException('full', 'QuotaExceededError');
          storage.set(key, value);
        },
        removeItem: (key: string) => void storage.delete(key),
      } as unknown as Storage,
    };
  };
  const pending = (ticketId: string) => ({ code: `c-${ticketId}`, ticketId, at: '2030-01-01T19:01:00.000Z' });
  const now = () => Date.parse('2030-01-01T20:00:00.000Z');

  it('keeps the door name, its own device id and the evening across reloads, per brand', () => {
    const { fake } = fakeStorage();
    const pack = packWith([]);
    const aurora = doorDeviceStore('aurora', { storage: fake, now, newId: () => 'device-1' });
    expect(aurora.deviceId()).toBe('device-1');
    expect(doorDeviceStore('aurora', { storage: fake, newId: () => 'device-2' }).deviceId()).toBe('device-1');
    // Made by the device itself: what the server takes as a device id.
    expect(doorDeviceStore('borealis', { storage: fake }).deviceId()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    aurora.read();
    expect(aurora.write('North', { eveningId: evening.eveningId, pack, pending: [] })).toBe(true);
    expect(doorDeviceStore('aurora', { storage: fake, now }).read()).toEqual({ door: 'North', stored: { eveningId: evening.eveningId, pack, pending: [] } });
    expect(doorDeviceStore('borealis', { storage: fake, now }).read()).toEqual({ door: '', stored: null });
  });

  it('drops the pack (names) at sign-out with the caches, keeping only what the sync needs; and nothing when none is pending', () => {
    const { fake } = fakeStorage();
    const pack = packWith([]);
    const device = doorDeviceStore('aurora', { storage: fake, now });
    device.read();
    device.write('North', { eveningId: evening.eveningId, pack, pending: [pending('t-paid')] });
    clearAll(cacheKeyPrefix, fake);
    expect(doorDeviceStore('aurora', { storage: fake, now }).read()).toEqual({ door: 'North', stored: { eveningId: evening.eveningId, pack: null, pending: [pending('t-paid')] } });
    device.write('North', { eveningId: evening.eveningId, pack, pending: [] });
    clearAll(cacheKeyPrefix, fake);
    expect(doorDeviceStore('aurora', { storage: fake, now }).read()).toEqual({ door: 'North', stored: null });
  });

  it('drops a pack whose evening started over 24 h ago once nothing is pending, not before', () => {
    const { fake, storage } = fakeStorage();
    const pack = packWith([]);
    const device = doorDeviceStore('aurora', { storage: fake, now });
    device.read();
    device.write('North', { eveningId: evening.eveningId, pack, pending: [pending('t-paid')] });
    const dayLater = () => Date.parse(evening.startsAt) + 25 * 60 * 60_000;
    expect(doorDeviceStore('aurora', { storage: fake, now: dayLater }).read().stored?.pack).toEqual(pack);
    device.write('North', { eveningId: evening.eveningId, pack, pending: [] });
    expect(doorDeviceStore('aurora', { storage: fake, now }).read().stored?.pack).toEqual(pack);
    expect(doorDeviceStore('aurora', { storage: fake, now: dayLater }).read().stored).toBeNull();
    expect([...storage.keys()].some((key) => key.includes('pack'))).toBe(false);
  });

  it("merges two tabs' pending admissions instead of overwriting them, and still drops what one tab synced", () => {
    const { fake } = fakeStorage();
    const first = doorDeviceStore('aurora', { storage: fake, now });
    const second = doorDeviceStore('aurora', { storage: fake, now });
    first.read();
    second.read();
    const stored = (entries: ReturnType<typeof pending>[]) => ({ eveningId: evening.eveningId, pack: packWith([]), pending: entries });
    first.write('North', stored([pending('t-1')]));
    second.write('North', stored([pending('t-2')]));
    expect(doorDeviceStore('aurora', { storage: fake, now }).read().stored?.pending.map((entry) => entry.ticketId).sort()).toEqual(['t-1', 't-2']);
    // The first tab synced t-1: it leaves; t-2 (the second tab's) stays.
    first.write('North', stored([]));
    expect(doorDeviceStore('aurora', { storage: fake, now }).read().stored?.pending.map((entry) => entry.ticketId)).toEqual(['t-2']);
  });

  it('keeps the pending admissions when the pack is too big for the storage, and says when they cannot be saved', () => {
    const { fake } = fakeStorage(2000);
    const big = { ...packWith([]), tickets: Array.from({ length: 100 }, (_, i) => ({ ticketId: `t-${i}`, holderName: 'A long holder name', variantName: 'Standard' })) };
    const device = doorDeviceStore('aurora', { storage: fake, now });
    device.read();
    expect(device.write('North', { eveningId: evening.eveningId, pack: big, pending: [pending('t-paid')] })).toBe(true);
    expect(doorDeviceStore('aurora', { storage: fake, now }).read().stored?.pending).toEqual([pending('t-paid')]);
    const many = Array.from({ length: 40 }, (_, i) => pending(`t-${i}`));
    expect(device.write('North', { eveningId: evening.eveningId, pack: big, pending: many })).toBe(false);
  });
});
