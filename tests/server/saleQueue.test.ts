import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { itemVariants, saleQueuePlaces } from '../../server/db/schema/index.ts';
import {
  admissionMs,
  admissionRoom,
  closeSalePlacesOfOrder,
  placeLostAfterMs,
  queueOpensBeforeMs,
  requireSaleAdmission,
} from '../../server/commerce/saleQueue.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand } from './support/factories.ts';
import { makeVariant } from './support/commerceFactories.ts';
import { fillCart, makeConcert, offlinePayments, ordersOf, providerSession, reserveOpen, signedEvent } from './checkout.helpers.ts';
import { signedInMembers, type SignedInMember } from './promo.helpers.ts';

/*
 * The sale queue of variants with an on-sale time (issue 39) on PGlite, or on PostgreSQL with
 * TEST_DATABASE_URL: the queue opens 15 minutes before; members who come before the on-sale time
 * are let in by their random draw (set here by hand), later ones in the order they came; one place
 * per member however many devices ask at once; a silent place is lost; leaving gives it up;
 * admissions follow what the stock can take; a sold-out evening says so; and the checkout's
 * check (requireSaleAdmission) and the order's close (closeSalePlacesOfOrder) are called directly.
 */

const webhookSecret = 'whsec_test_sale_queue';
const brandId = 'aurora';
const minute = 60_000;
let t: TestApp;
let clock = Date.now();
let members: SignedInMember[];

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, payments: offlinePayments(webhookSecret) });
  const aurora = await makeBrand(t.db, brandId, ['localhost']);
  await makeConcert(t.db, brandId, [['plain', 50]]);
  members = await signedInMembers(t, aurora, 'http://localhost:8080', 41, 'queuer');
}, 120_000);
afterAll(() => t?.close());

type Several<N extends number, T extends SignedInMember[] = []> = T['length'] extends N ? T : Several<N, [...T, SignedInMember]>;
/** `count` of the members, from `from` on. */
const membersFrom = <N extends number>(from: number, count: N) => members.slice(from, from + count) as Several<N>;
/** The clock moves on (the members' ID tokens, made at the start, stay valid for an hour). */
const pass = (ms: number) => void (clock += ms);
const call = (m: SignedInMember, url: string, itemVariantId: string) => t.app.inject({ method: 'POST', url, headers: m.headers, payload: { itemVariantId } });
const place = async (m: SignedInMember, itemVariantId: string) => {
  const answer = await call(m, '/v1/sale_queue/place', itemVariantId);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};
const leave = (m: SignedInMember, itemVariantId: string) => call(m, '/v1/sale_queue/leave', itemVariantId);
/** The member's app window `tabId` asks about the place, or closes. */
const placeFrom = async (m: SignedInMember, itemVariantId: string, tabId: string) => {
  const answer = await t.app.inject({ method: 'POST', url: '/v1/sale_queue/place', headers: m.headers, payload: { itemVariantId, tabId } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};
const closeWindow = (m: SignedInMember, itemVariantId: string, tabId: string) =>
  t.app.inject({ method: 'POST', url: '/v1/sale_queue/leave', headers: m.headers, payload: { itemVariantId, tabId } });
const rowsOf = (itemVariantId: string) =>
  t.db.select().from(saleQueuePlaces).where(and(eq(saleQueuePlaces.brandId, brandId), eq(saleQueuePlaces.itemVariantId, itemVariantId)));
const statusOf = async (m: SignedInMember, itemVariantId: string) => (await rowsOf(itemVariantId)).find((r) => r.userId === m.uid)?.status ?? null;
/** A concert evening going on sale at `onSaleAt`, with `stock` tickets and a per-member cap. */
const evening = async (id: string, onSaleAt: number, stock: number, purchaseCap: number | null = 1) => {
  const future = new Date(clock + 30 * 24 * 60 * minute);
  await makeVariant(t.db, brandId, 'concert', id, { stock, purchaseCap, onSaleAt: new Date(onSaleAt), dateStart: future, dateEnd: new Date(future.getTime() + 3 * 60 * minute), title: `Evening ${id}` });
};
/** Time passes while the members keep asking (as their apps do every 5 s), in steps their places survive. */
const keepAsking = async (ms: number, who: SignedInMember[], itemVariantId: string) => {
  for (let left = ms; left > 0; left -= 30_000) {
    pass(Math.min(30_000, left));
    for (const m of who) await place(m, itemVariantId);
  }
};
const setDraw = (m: SignedInMember, itemVariantId: string, draw: number) =>
  t.db.update(saleQueuePlaces).set({ draw }).where(and(eq(saleQueuePlaces.brandId, brandId), eq(saleQueuePlaces.itemVariantId, itemVariantId), eq(saleQueuePlaces.userId, m.uid)));
const webhook = (session: ReturnType<typeof providerSession>) => {
  const { payload, headers } = signedEvent(webhookSecret, 'checkout.session.completed', session);
  return t.app.inject({ method: 'POST', url: '/v1/payment/webhook', payload, headers });
};
const admission = (m: SignedInMember, variants: { id: string; onSaleAt: Date | null }[]) =>
  t.db.transaction((tx) => requireSaleAdmission(tx, { brandId, userId: m.uid }, variants, clock));

describe('the rules', () => {
  it('admit as many as can each buy their cap, at least one while units are available, none when there are none', () => {
    expect(admissionRoom(200, 0, 8)).toBe(25);
    expect(admissionRoom(200, 20, 8)).toBe(5);
    expect(admissionRoom(6, 0, 8)).toBe(1);
    expect(admissionRoom(2, 0, 2)).toBe(1);
    expect(admissionRoom(2, 1, 2)).toBe(0);
    expect(admissionRoom(5, 2, null)).toBe(3);
    expect(admissionRoom(0, 0, 4)).toBe(0);
  });
});

describe('answers', () => {
  it('404 for an unknown variant, 409 for one without an on-sale time, 401 without a member', async () => {
    expect((await call(members[0]!, '/v1/sale_queue/place', 'nope')).json()).toEqual({ status: 404, code: 'sale_queue/item_not_found', message: 'There is no such item' });
    expect((await call(members[0]!, '/v1/sale_queue/place', 'plain')).json()).toMatchObject({ status: 409, code: 'sale_queue/not-queued' });
    const signedOut = await t.app.inject({ method: 'POST', url: '/v1/sale_queue/place', headers: { 'x-app-url': 'http://localhost:8080' }, payload: { itemVariantId: 'plain' } });
    expect(signedOut.statusCode).toBe(401);
    expect((await leave(members[0]!, 'nope')).statusCode).toBe(204);
  });

  it('before the queue opens, the app counts down and no place is taken', async () => {
    const onSaleAt = clock + 60 * minute;
    await evening('later', onSaleAt, 10);
    expect(await place(members[0]!, 'later')).toEqual({
      itemVariantId: 'later', serverNow: clock, onSaleAt, opensAt: onSaleAt - queueOpensBeforeMs,
      state: 'closed', position: null, ahead: null, estimateSeconds: null, admittedUntil: null,
    });
    expect(await rowsOf('later')).toEqual([]);
  });
});

describe('the order', () => {
  it('early comers in the order of their draw, late comers in the order they came; admitted as the stock allows', async () => {
    const onSaleAt = clock + 40_000;
    await evening('premiere', onSaleAt, 3);
    const [a, b, c, d, e, f, g] = membersFrom(1, 7);
    for (const m of [a, b, c, d, e]) expect(await place(m, 'premiere')).toMatchObject({ state: 'waiting', onSaleAt });
    const draws = new Map([[a, 0.9], [b, 0.1], [c, 0.5], [d, 0.3], [e, 0.7]]);
    for (const [m, draw] of draws) await setDraw(m, 'premiere', draw);
    // Three tickets, one each: the first three in the draw get in at the on-sale time, 40 s from now.
    const expected = [b, d, c, e, a];
    for (const [i, m] of expected.entries()) {
      expect(await place(m, 'premiere')).toMatchObject({ state: 'waiting', position: i + 1, ahead: i, estimateSeconds: i < 3 ? 40 : null, admittedUntil: null });
    }
    // Nobody gets in before the on-sale time.
    pass(39_000);
    for (const m of expected) expect(await place(m, 'premiere')).toMatchObject({ state: 'waiting' });

    pass(2_000);
    // The first request after the on-sale time lets the first three in; the late comer queues behind everyone.
    expect(await place(f, 'premiere')).toMatchObject({ state: 'waiting', position: 3, ahead: 2 });
    for (const m of [b, d, c]) expect(await place(m, 'premiere')).toMatchObject({ state: 'admitted', admittedUntil: clock + admissionMs, position: null });
    pass(1_000);
    expect(await place(g, 'premiere')).toMatchObject({ state: 'waiting', position: 4 });
    expect(await place(e, 'premiere')).toMatchObject({ state: 'waiting', position: 1, estimateSeconds: null });
    expect(await place(a, 'premiere')).toMatchObject({ state: 'waiting', position: 2 });

    // b buys: a place for the next in line.
    pass(30_000);
    await t.db.transaction((tx) => closeSalePlacesOfOrder(tx, { brandId, userId: b.uid }, ['premiere']));
    expect(await statusOf(b, 'premiere')).toBe('done');
    expect(await place(e, 'premiere')).toMatchObject({ state: 'admitted' });
    expect(await place(a, 'premiere')).toMatchObject({ state: 'waiting', position: 1 });
    // One admission 31 s after the first batch: about 31 s a turn.
    pass(1_000);
    expect(await place(f, 'premiere')).toMatchObject({ state: 'waiting', position: 2, estimateSeconds: 64 });
    expect(await place(g, 'premiere')).toMatchObject({ state: 'waiting', position: 3, estimateSeconds: 96 });
  });

  it('one place per member, whatever the number of devices asking at once', async () => {
    const onSaleAt = clock + 5 * minute;
    await evening('twice', onSaleAt, 10);
    const [m, other] = [members[10]!, members[11]!];
    const answers = await Promise.all(Array.from({ length: 6 }, () => place(m, 'twice')));
    expect(answers.map((a) => a.state)).toEqual(answers.map(() => 'waiting'));
    expect(await place(other, 'twice')).toMatchObject({ state: 'waiting' });
    const rows = await rowsOf('twice');
    expect(rows.map((r) => r.userId).sort()).toEqual([m.uid, other.uid].sort());
    // Asking again changes nothing of the place, and a place left and taken again before the on-sale time keeps its draw.
    const [before] = rows.filter((r) => r.userId === m.uid);
    expect((await leave(m, 'twice')).statusCode).toBe(204);
    expect(await statusOf(m, 'twice')).toBe('left');
    await place(m, 'twice');
    const [after] = (await rowsOf('twice')).filter((r) => r.userId === m.uid);
    expect({ status: after!.status, draw: after!.draw, joinedAt: after!.joinedAt }).toEqual({ status: 'waiting', draw: before!.draw, joinedAt: before!.joinedAt });
  });
});

describe("the member's windows", () => {
  it('closing one of two waiting windows keeps the place; closing the last gives it up', async () => {
    const onSaleAt = clock + 5 * minute;
    await evening('two-tabs', onSaleAt, 10);
    const [m, other] = membersFrom(24, 2);
    await placeFrom(m, 'two-tabs', 'window-one');
    await placeFrom(other, 'two-tabs', 'window-other');
    // (Before the on-sale time the order is drawn: the number is read once both are in line.)
    const inLine = await placeFrom(m, 'two-tabs', 'window-two');
    const [before] = (await rowsOf('two-tabs')).filter((r) => r.userId === m.uid);

    expect((await closeWindow(m, 'two-tabs', 'window-one')).statusCode).toBe(204);
    const [kept] = (await rowsOf('two-tabs')).filter((r) => r.userId === m.uid);
    expect({ status: kept!.status, draw: kept!.draw, joinedAt: kept!.joinedAt }).toEqual({ status: 'waiting', draw: before!.draw, joinedAt: before!.joinedAt });
    expect(await placeFrom(m, 'two-tabs', 'window-two')).toMatchObject({ state: 'waiting', position: inLine.position });

    expect((await closeWindow(m, 'two-tabs', 'window-two')).statusCode).toBe(204);
    expect(await statusOf(m, 'two-tabs')).toBe('left');
  });

  it('a window silent past the loss time does not keep the place for a window that closes', async () => {
    const onSaleAt = clock + 5 * minute;
    await evening('stale-tab', onSaleAt, 10);
    const [m] = membersFrom(24, 1);
    await placeFrom(m, 'stale-tab', 'window-old');
    pass(placeLostAfterMs + 1_000);
    await placeFrom(m, 'stale-tab', 'window-new');
    expect((await closeWindow(m, 'stale-tab', 'window-new')).statusCode).toBe(204);
    expect(await statusOf(m, 'stale-tab')).toBe('left');
  });

  it('"Leave the line" (no window named) gives the place up whatever other windows ask', async () => {
    const onSaleAt = clock + 5 * minute;
    await evening('give-up', onSaleAt, 10);
    const [m] = membersFrom(24, 1);
    await placeFrom(m, 'give-up', 'window-one');
    await placeFrom(m, 'give-up', 'window-two');
    expect((await leave(m, 'give-up')).statusCode).toBe(204);
    expect(await statusOf(m, 'give-up')).toBe('left');
  });

  it('a client inventing window ids keeps at most eight of them; a malformed id is refused', async () => {
    const onSaleAt = clock + 5 * minute;
    await evening('many-tabs', onSaleAt, 10);
    const [m] = membersFrom(24, 1);
    for (let i = 0; i < 30; i++) await placeFrom(m, 'many-tabs', `window-${String(i).padStart(3, '0')}`);
    const [row] = (await rowsOf('many-tabs')).filter((r) => r.userId === m.uid);
    expect(Object.keys(row!.tabs)).toHaveLength(8);
    const bad = await t.app.inject({ method: 'POST', url: '/v1/sale_queue/place', headers: m.headers, payload: { itemVariantId: 'many-tabs', tabId: 'x'.repeat(65) } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('under concurrency', () => {
  it('fifteen members asking at once after the on-sale time: five tickets, five admitted, one place each', async () => {
    const onSaleAt = clock - minute;
    await evening('rush', onSaleAt, 5, 1);
    const rush = members.slice(26, 41);
    const answers = await Promise.all(rush.flatMap((m) => [place(m, 'rush'), place(m, 'rush')]));
    expect(answers.every((a) => a.state === 'waiting' || a.state === 'admitted')).toBe(true);
    // Everyone asks once more: a request that found the line being moved by another is served now.
    for (const m of rush) await place(m, 'rush');
    const rows = await rowsOf('rush');
    expect(rows).toHaveLength(15);
    expect(rows.filter((r) => r.status === 'admitted')).toHaveLength(5);
    const positions = (await Promise.all(rush.map((m) => place(m, 'rush')))).flatMap((a) => (a.state === 'waiting' ? [a.position] : []));
    expect(positions.sort((x, y) => x - y)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
  });
});

describe('losing a place', () => {
  it('a member who stops asking loses the place; back, they queue at the end', async () => {
    const onSaleAt = clock + 30_000;
    await evening('quiet', onSaleAt, 1, 1);
    const [first, silent, third, fourth] = membersFrom(12, 4);
    for (const m of [first, silent, third, fourth]) await place(m, 'quiet');
    for (const [i, m] of [first, silent, third, fourth].entries()) await setDraw(m, 'quiet', i / 10);
    pass(30_000);
    expect(await place(first, 'quiet')).toMatchObject({ state: 'admitted' });
    expect(await place(third, 'quiet')).toMatchObject({ state: 'waiting', position: 2 });
    // Third and fourth keep asking; the silent one does not, and is still in line until the 45 s are up.
    await keepAsking(placeLostAfterMs - 31_000, [third, fourth], 'quiet');
    expect(await statusOf(silent, 'quiet')).toBe('waiting');
    await keepAsking(2_000, [third, fourth], 'quiet');
    expect(await statusOf(silent, 'quiet')).toBe('left');
    expect(await place(third, 'quiet')).toMatchObject({ position: 1 });
    expect(await place(silent, 'quiet')).toMatchObject({ state: 'waiting', position: 3 });

    // Leaving gives the place up at once: the rest move up.
    expect((await leave(third, 'quiet')).statusCode).toBe(204);
    expect(await place(fourth, 'quiet')).toMatchObject({ position: 1 });
    expect(await place(silent, 'quiet')).toMatchObject({ position: 2 });
  });
});

describe('admission and the stock', () => {
  it('lets in whom the stock can serve: the next member once the first holds their tickets; sold out once all are sold', async () => {
    const onSaleAt = clock + 30_000;
    await evening('pair', onSaleAt, 2, 2);
    const [first, second, third] = membersFrom(16, 3);
    for (const [i, m] of [first, second, third].entries()) {
      await place(m, 'pair');
      await setDraw(m, 'pair', i / 10);
    }
    pass(30_000);
    // Two tickets, two a member: one member at a time, so the first can buy both.
    expect(await place(first, 'pair')).toMatchObject({ state: 'admitted' });
    expect(await place(second, 'pair')).toMatchObject({ state: 'waiting', position: 1 });
    // The first holds one in a checkout: one is left, for the next member.
    await fillCart(t.db, brandId, first.uid, [{ itemVariantId: 'pair', offerId: 'concert', quantity: 1 }]);
    const firstCheckout = await reserveOpen(t.db, brandId, first.uid, clock);
    expect(await place(second, 'pair')).toMatchObject({ state: 'admitted' });
    expect(await place(third, 'pair')).toMatchObject({ state: 'waiting', position: 1 });
    await fillCart(t.db, brandId, second.uid, [{ itemVariantId: 'pair', offerId: 'concert', quantity: 1 }]);
    const secondCheckout = await reserveOpen(t.db, brandId, second.uid, clock);
    // All held, none sold: they may come back, so the third still waits.
    expect(await place(third, 'pair')).toMatchObject({ state: 'waiting', estimateSeconds: null });
    for (const session of [firstCheckout, secondCheckout]) expect((await webhook(providerSession(session, 'complete'))).statusCode).toBe(200);
    expect(await ordersOf(t.db, brandId, firstCheckout.id)).toHaveLength(1);
    // Paid: the buyers' places are done, and nothing is left.
    expect(await statusOf(first, 'pair')).toBe('done');
    expect(await statusOf(second, 'pair')).toBe('done');
    expect(await place(third, 'pair')).toMatchObject({ state: 'soldOut', position: null });
  });

  it('a late comer to a quiet queue gets in at once; an admission that ran out queues again at the end', async () => {
    const onSaleAt = clock - 60 * minute;
    await evening('matinee', onSaleAt, 100, 4);
    const [late, next] = [members[19]!, members[20]!];
    expect(await place(late, 'matinee')).toMatchObject({ state: 'admitted', admittedUntil: clock + admissionMs });
    pass(admissionMs + 1);
    expect(await place(late, 'matinee')).toMatchObject({ state: 'admitted', admittedUntil: clock + admissionMs });
    const [row] = (await rowsOf('matinee')).filter((r) => r.userId === late.uid);
    expect(row!.joinedAt.getTime()).toBe(clock);
    expect(await place(next, 'matinee')).toMatchObject({ state: 'admitted' });
  });
});

describe('the checkout’s check (requireSaleAdmission)', () => {
  it('refuses before the on-sale time, and without a turn while others wait; passes a running admission and a quiet line', async () => {
    const onSaleAt = clock + 30_000;
    await evening('gala', onSaleAt, 1, 1);
    const variant = [{ id: 'gala', onSaleAt: new Date(onSaleAt) }];
    const [waiting, admitted, stranger] = membersFrom(21, 3);
    await expect(admission(admitted, variant)).rejects.toMatchObject({ status: 409, code: 'checkout/not-on-sale', message: 'This item is not on sale yet' });
    // A variant without an on-sale time needs no turn.
    await expect(admission(stranger, [{ id: 'plain', onSaleAt: null }])).resolves.toBeUndefined();
    await place(admitted, 'gala');
    await place(waiting, 'gala');
    await setDraw(admitted, 'gala', 0);
    await setDraw(waiting, 'gala', 0.5);
    pass(30_000);
    expect(await place(admitted, 'gala')).toMatchObject({ state: 'admitted' });
    await expect(admission(admitted, variant)).resolves.toBeUndefined();
    await expect(admission(waiting, variant)).rejects.toMatchObject({ status: 409, code: 'checkout/queue-turn-needed', message: 'Wait for your turn in the queue' });
    await expect(admission(stranger, variant)).rejects.toMatchObject({ code: 'checkout/queue-turn-needed' });
    // The admitted member gives up their turn: the one waiting gets it; the stranger still waits behind.
    await leave(admitted, 'gala');
    await expect(admission(waiting, variant)).resolves.toBeUndefined();
    await expect(admission(admitted, variant)).rejects.toMatchObject({ code: 'checkout/queue-turn-needed' });
    // Once the line is quiet and the stock has room, a member comes straight from the cart.
    pass(admissionMs + 1);
    await expect(admission(stranger, variant)).resolves.toBeUndefined();
    expect(await statusOf(stranger, 'gala')).toBe('admitted');
  });

  it('the order’s close marks only that member’s places on its variants done', async () => {
    const onSaleAt = clock - minute;
    await evening('encore', onSaleAt, 10, 2);
    const [buyer, other] = [members[24]!, members[25]!];
    await place(buyer, 'encore');
    await place(other, 'encore');
    await t.db.transaction((tx) => closeSalePlacesOfOrder(tx, { brandId, userId: buyer.uid }, ['encore', 'plain']));
    expect(await statusOf(buyer, 'encore')).toBe('done');
    expect(await statusOf(other, 'encore')).toBe('admitted');
  });
});

describe('the on-sale time', () => {
  it('is read from the variant as the offer shows it', async () => {
    const at = clock + 3 * minute;
    await t.db.update(itemVariants).set({ onSaleAt: new Date(at) }).where(and(eq(itemVariants.brandId, brandId), eq(itemVariants.id, 'plain')));
    const offer = (await t.app.inject({ method: 'GET', url: '/v1/get/offer?id=concert', headers: members[0]!.headers })).json();
    expect(offer.itemVariantList.find((v: { id: string }) => v.id === 'plain').onSaleAt).toBe(at);
    await t.db.update(itemVariants).set({ onSaleAt: null }).where(and(eq(itemVariants.brandId, brandId), eq(itemVariants.id, 'plain')));
  });
});
