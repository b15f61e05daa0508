import type { FastifyBaseLogger } from 'fastify';
import { normalisePersonalNumber } from '../../domain/personalNumber.ts';
import { addressKey } from '../addresses.ts';
import type { Database } from '../db/database.ts';
import type { IdentityProvider } from '../identity/identity.ts';
import {
  brandsOfEidSignIns,
  deleteEidSignInsBefore,
  findEidSignIn,
  findUserIdBySsn,
  finishEidSignIn,
  insertEidSignIn,
  reopenEidSignIn,
  type EidSignInRow,
} from '../repositories/eidSignIns.repository.ts';
import { pruneRateLimits, takeRateLimit } from '../repositories/rateLimits.repository.ts';
import { EidError, type EidProvider } from './eid.ts';
import { qrCodeContent, qrSeconds } from './qrCode.ts';

export interface EidSignInDeps {
  db: Database;
  eid: EidProvider;
  identity: IdentityProvider;
  now: () => number;
  log: FastifyBaseLogger;
  /** Orders one address may start per window (each is a call to the bank and a row). */
  startLimit?: { max: number; windowMs: number };
}

/** Our order rows are kept this long (past BankID's 3-minute lifetime), then deleted. */
const keepSignInsMs = 60 * 60_000;
const defaultStartLimit = { max: 30, windowMs: 10 * 60_000 };

type Unusable = { kind: 'notFound' } | { kind: 'finished' };

/**
 * Bank-eID sign-in over the provider (BankID RP API v6): orders belong to a brand; a completed one
 * gives one custom token of the member with that personal number, and personal numbers never leave
 * here. The provider's own failures are thrown as its EidError.
 */
export function createEidSignIns({ db, eid, identity, now, log, startLimit = defaultStartLimit }: EidSignInDeps) {
  /** A catch handler: gives the order back (the step after marking it failed), then rethrows. */
  const reopenAndThrow = (row: EidSignInRow, finishedAt: Date) => async (error: unknown): Promise<never> => {
    await reopenEidSignIn(db, row.orderRef, finishedAt).catch((undoError: unknown) => {
      log.error({ err: undoError }, 'could not reopen a bank-eID order');
    });
    throw error;
  };

  async function openOrder(brandId: string, orderRef: string): Promise<Unusable | { kind: 'open'; row: EidSignInRow }> {
    const row = await findEidSignIn(db, brandId, orderRef);
    if (!row) return { kind: 'notFound' };
    if (row.finishedAt) return { kind: 'finished' };
    return { kind: 'open', row };
  }

  return {
    /** Starts an order for the member's address (endUserIp), unless that address started too many lately. */
    async start(brandId: string, address: string) {
      // Counted and checked in one atomic step: parallel starts never pass more than the limit.
      const counted = await db.transaction((tx) => takeRateLimit(tx, { bucket: 'eid-start', key: addressKey(address), ...startLimit }, now()));
      await pruneRateLimits(db, 'eid-start', startLimit.windowMs, now()).catch(() => undefined);
      if (!counted.allowed) return { kind: 'tooMany' as const };
      await deleteEidSignInsBefore(db, new Date(now() - keepSignInsMs));
      const order = await eid.auth({ endUserIp: address });
      await insertEidSignIn(db, {
        orderRef: order.orderRef,
        brandId,
        qrStartToken: order.qrStartToken,
        qrStartSecret: order.qrStartSecret,
        endUserIp: address,
        startedAt: new Date(now()),
      });
      return { kind: 'started' as const, orderRef: order.orderRef, autoStartToken: order.autoStartToken };
    },

    /** The animated QR code's content for this second of an open order. */
    async qrCode(brandId: string, orderRef: string) {
      const order = await openOrder(brandId, orderRef);
      if (order.kind !== 'open') return order;
      const seconds = qrSeconds(order.row.startedAt, now());
      return { kind: 'qrCode' as const, qrCode: qrCodeContent(order.row.qrStartToken, order.row.qrStartSecret, seconds), seconds };
    },

    async collect(brand: { id: string; authTenantId: string }, orderRef: string) {
      const order = await openOrder(brand.id, orderRef);
      if (order.kind !== 'open') return order;
      const { row } = order;
      const result = await eid.collect(row.orderRef);
      if (result.status !== 'complete') return { kind: 'pending' as const, status: result.status, hintCode: result.hintCode };
      const personalNumber = result.completionData?.user.personalNumber;
      if (!personalNumber) return { kind: 'noPersonalNumber' as const };
      // Marked first so racing collects give one token; undone if no token could be made.
      const finishedAt = new Date(now());
      if (!(await finishEidSignIn(db, row.orderRef, finishedAt))) return { kind: 'finished' as const };
      const uid = await findUserIdBySsn(db, brand.id, normalisePersonalNumber(personalNumber)).catch(reopenAndThrow(row, finishedAt));
      // No member with that number is an answer, not a failure: the order stays spent.
      if (!uid) return { kind: 'ssnNotFound' as const };
      const customToken = await identity.createCustomToken(brand.authTenantId, uid).catch(reopenAndThrow(row, finishedAt));
      return { kind: 'complete' as const, customToken };
    },

    async cancel(brandId: string, orderRef: string): Promise<{ kind: 'notFound' } | { kind: 'cancelled' }> {
      const row = await findEidSignIn(db, brandId, orderRef);
      if (!row) return { kind: 'notFound' };
      // Marked first so no collect gives a token for an order being cancelled; undone if the provider fails.
      const finishedAt = new Date(now());
      if (await finishEidSignIn(db, row.orderRef, finishedAt)) {
        await eid.cancel(row.orderRef).catch(async (error: unknown) => {
          // An order that completed or failed meanwhile has nothing left to cancel.
          if (error instanceof EidError && error.errorCode === 'invalidParameters') return;
          await reopenAndThrow(row, finishedAt)(error);
        });
      }
      return { kind: 'cancelled' };
    },

    /** The brand each order was started for (the simulated phone's pages name it). */
    brandsOfOrders: (orderRefs: string[]) => brandsOfEidSignIns(db, orderRefs),
  };
}

export type EidSignIns = ReturnType<typeof createEidSignIns>;
