import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { and, eq, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { isValidPersonalNumber, normalisePersonalNumber } from '../../domain/personalNumber.ts';
import type { Database } from '../db/database.ts';
import { eidSimulatedOrders } from '../db/schema/eid.ts';
import { EidError, type CollectResult, type EidProvider } from './eid.ts';
import { parseQrCode, qrCodeContent, qrSeconds } from './qrCode.ts';

/** BankID lets an order wait 3 minutes for the member. */
export const orderLifetimeMs = 3 * 60_000;
/** How old a scanned QR code may be (seconds) before the app refuses it. */
export const qrMaxAgeSeconds = 15;
/** Finished orders (and the personal numbers in them) are forgotten after an hour. */
const keepOrdersMs = 60 * 60_000;

type OrderRow = typeof eidSimulatedOrders.$inferSelect;

/** An order as the simulated phone shows it; the phone knows it by its autostart token. */
export interface PhoneOrder {
  autoStartToken: string;
  orderRef: string;
  status: string;
  hintCode: string | null;
  /** Who is identifying (after the member chose), for the phone's own screen. */
  name: string | null;
  createdAt: Date;
  expiresAt: Date;
}

export type PhoneResult =
  | { ok: true; order: PhoneOrder }
  | { ok: false; reason: 'unknownOrder' | 'notPending' | 'invalidQrCode' | 'wrongStep' | 'invalidPersonalNumber' };

export interface Person {
  personalNumber: string;
  givenName: string;
  surname: string;
}

/** What the member does on the simulated phone (the /dev/bankid page). */
export interface SimulatedPhone {
  pendingOrders(): Promise<PhoneOrder[]>;
  find(autoStartToken: string): Promise<PhoneOrder | null>;
  /** The app is started with the order's autostart token (same device): hint started. */
  openWithAutoStartToken(autoStartToken: string): Promise<PhoneResult>;
  /** The app scanned an animated QR code: hint started, or the order fails (startFailed) on a bad or old code. */
  openWithQrCode(content: string): Promise<PhoneResult>;
  /** The member picked the identity to use and is asked for the security code: hint userSign. */
  identify(autoStartToken: string, person: Person): Promise<PhoneResult>;
  approve(autoStartToken: string): Promise<PhoneResult>;
  cancel(autoStartToken: string): Promise<PhoneResult>;
  /** Moves the order's clock past its lifetime: expiredTransaction. */
  timeOut(autoStartToken: string): Promise<PhoneResult>;
}

export interface SimulatedEid extends EidProvider {
  readonly kind: 'simulated';
  readonly phone: SimulatedPhone;
}

const toPhoneOrder = (row: OrderRow): PhoneOrder => ({
  autoStartToken: row.autoStartToken,
  orderRef: row.orderRef,
  status: row.status,
  hintCode: row.hintCode,
  name: row.givenName !== null ? `${row.givenName} ${row.surname ?? ''}`.trim() : null,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
});

/**
 * The embedded bank-eID provider: BankID's order, collect and cancel rules over orders kept in
 * the database (so any server instance answers), and a phone that plays the member's side.
 */
export function createSimulatedEid(options: { db: Database; now?: () => number }): SimulatedEid {
  const { db } = options;
  const now = () => new Date((options.now ?? Date.now)());

  /** A pending order past its lifetime has failed with expiredTransaction. */
  const expire = (where: SQL | undefined) =>
    db
      .update(eidSimulatedOrders)
      .set({ status: 'failed', hintCode: 'expiredTransaction' })
      .where(and(where, eq(eidSimulatedOrders.status, 'pending'), lte(eidSimulatedOrders.expiresAt, now())));

  async function byAutoStartToken(token: string): Promise<OrderRow | null> {
    await expire(eq(eidSimulatedOrders.autoStartToken, token));
    const [row] = await db.select().from(eidSimulatedOrders).where(eq(eidSimulatedOrders.autoStartToken, token)).limit(1);
    return row ?? null;
  }

  /** One step of the phone: applied only if the order is pending with one of `fromHints`, atomically. */
  async function step(token: string, fromHints: string[], set: Partial<OrderRow>): Promise<PhoneResult> {
    const row = await byAutoStartToken(token);
    if (!row) return { ok: false, reason: 'unknownOrder' };
    if (row.status !== 'pending') return { ok: false, reason: 'notPending' };
    const [updated] = await db
      .update(eidSimulatedOrders)
      .set(set)
      .where(
        and(
          eq(eidSimulatedOrders.autoStartToken, token),
          eq(eidSimulatedOrders.status, 'pending'),
          inArray(eidSimulatedOrders.hintCode, fromHints),
        ),
      )
      .returning();
    if (updated) return { ok: true, order: toPhoneOrder(updated) };
    const current = await byAutoStartToken(token);
    return { ok: false, reason: current?.status === 'pending' ? 'wrongStep' : 'notPending' };
  }

  const pendingHints = ['outstandingTransaction', 'started', 'userSign'];

  const phone: SimulatedPhone = {
    async pendingOrders() {
      await expire(undefined);
      const rows = await db
        .select()
        .from(eidSimulatedOrders)
        .where(eq(eidSimulatedOrders.status, 'pending'))
        .orderBy(sql`${eidSimulatedOrders.createdAt} desc`)
        .limit(50);
      return rows.map(toPhoneOrder);
    },
    async find(token) {
      const row = await byAutoStartToken(token);
      return row ? toPhoneOrder(row) : null;
    },
    async openWithAutoStartToken(token) {
      const row = await byAutoStartToken(token);
      if (row?.status === 'pending' && row.hintCode !== 'outstandingTransaction') return { ok: true, order: toPhoneOrder(row) };
      return step(token, ['outstandingTransaction'], { hintCode: 'started' });
    },
    async openWithQrCode(content) {
      const parsed = parseQrCode(content);
      if (!parsed) return { ok: false, reason: 'invalidQrCode' };
      const [row] = await db
        .select()
        .from(eidSimulatedOrders)
        .where(eq(eidSimulatedOrders.qrStartToken, parsed.qrStartToken))
        .limit(1);
      if (!row) return { ok: false, reason: 'unknownOrder' };
      const expected = Buffer.from(qrCodeContent(row.qrStartToken, row.qrStartSecret, parsed.seconds));
      const genuine = timingSafeEqual(expected, Buffer.from(`bankid.${parsed.qrStartToken}.${parsed.seconds}.${parsed.authCode}`));
      const age = qrSeconds(row.createdAt, now().getTime()) - parsed.seconds;
      if (!genuine || age > qrMaxAgeSeconds || age < -2) {
        // The app refuses a forged or old code and the order cannot start.
        await step(row.autoStartToken, ['outstandingTransaction'], { status: 'failed', hintCode: 'startFailed' });
        return { ok: false, reason: 'invalidQrCode' };
      }
      return phone.openWithAutoStartToken(row.autoStartToken);
    },
    async identify(token, person) {
      if (!isValidPersonalNumber(person.personalNumber)) return { ok: false, reason: 'invalidPersonalNumber' };
      const personalNumber = normalisePersonalNumber(person.personalNumber);
      return step(token, ['started'], { hintCode: 'userSign', ...person, personalNumber });
    },
    approve: (token) => step(token, ['userSign'], { status: 'complete', hintCode: null }),
    cancel: (token) => step(token, pendingHints, { status: 'failed', hintCode: 'userCancel' }),
    timeOut: (token) => step(token, pendingHints, { status: 'failed', hintCode: 'expiredTransaction', expiresAt: now() }),
  };

  return {
    kind: 'simulated',
    phone,
    async auth({ endUserIp }) {
      if (isIP(endUserIp) === 0) throw new EidError('invalidParameters', 'Invalid endUserIp');
      const createdAt = now();
      await db.delete(eidSimulatedOrders).where(lt(eidSimulatedOrders.createdAt, new Date(createdAt.getTime() - keepOrdersMs)));
      const order = {
        orderRef: randomUUID(),
        autoStartToken: randomUUID(),
        qrStartToken: randomUUID(),
        qrStartSecret: randomBytes(32).toString('hex'),
      };
      await db.insert(eidSimulatedOrders).values({
        ...order,
        endUserIp,
        status: 'pending',
        hintCode: 'outstandingTransaction',
        createdAt,
        expiresAt: new Date(createdAt.getTime() + orderLifetimeMs),
      });
      return order;
    },
    async collect(orderRef): Promise<CollectResult> {
      await expire(eq(eidSimulatedOrders.orderRef, orderRef));
      const [row] = await db.select().from(eidSimulatedOrders).where(eq(eidSimulatedOrders.orderRef, orderRef)).limit(1);
      if (!row || row.status === 'cancelled') throw new EidError('invalidParameters', 'No such order');
      if (row.status === 'complete') {
        const user = { personalNumber: row.personalNumber!, givenName: row.givenName!, surname: row.surname! };
        return { orderRef, status: 'complete', completionData: { user: { ...user, name: `${user.givenName} ${user.surname}` } } };
      }
      return { orderRef, status: row.status as 'pending' | 'failed', hintCode: row.hintCode ?? undefined };
    },
    async cancel(orderRef) {
      const [row] = await db
        .update(eidSimulatedOrders)
        .set({ status: 'cancelled', hintCode: null })
        .where(and(eq(eidSimulatedOrders.orderRef, orderRef), eq(eidSimulatedOrders.status, 'pending')))
        .returning({ orderRef: eidSimulatedOrders.orderRef });
      if (!row) throw new EidError('invalidParameters', 'No such order');
    },
  };
}
