// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CompactSign, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { DoorPack } from '../../contract/door.ts';
import { afterDeviceAnswer, afterSync, offlineOutcome, withPending } from '../../machines/doorScan.rules.ts';
import { checkTicketSignature } from '../../src/services/ticketSignature.ts';
import { doorDeviceStore } from '../../src/services/doorDevice.ts';

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

const evening = { offerId: 'aurora-door-evening', title: 'Club night', startsAt: '2030-01-01T19:00:00.000Z', admitted: 1, sold: 4 };

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

const claims = (ticketId: string, offerId = evening.offerId, brandId = 'aurora') => ({ t: ticketId, n: 'order-1', o: offerId, v: 'variant-1', b: brandId });

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
  it('keeps the door name and the evening across reloads, per brand, and forgets the evening when asked', () => {
    const storage = new Map<string, string>();
    const fake = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    } as unknown as Storage;
    const pack = packWith([]);
    doorDeviceStore('aurora', fake).write('North', { pack, pending: [] });
    expect(doorDeviceStore('aurora', fake).read()).toEqual({ door: 'North', stored: { pack, pending: [] } });
    expect(doorDeviceStore('borealis', fake).read()).toEqual({ door: '', stored: null });
    doorDeviceStore('aurora', fake).write('North', null);
    expect(doorDeviceStore('aurora', fake).read()).toEqual({ door: 'North', stored: null });
  });
});
