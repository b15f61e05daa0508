import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { normalisePersonalNumber } from '../../domain/personalNumber.ts';
import { addressKey } from '../addresses.ts';
import { ApiError, notFound } from '../errors.ts';
import { EidError, type EidProvider } from '../eid/eid.ts';
import { qrCodeContent, qrSeconds } from '../eid/qrCode.ts';
import {
  deleteEidSignInsBefore,
  findEidSignIn,
  findUserIdBySsn,
  finishEidSignIn,
  insertEidSignIn,
  reopenEidSignIn,
  type EidSignInRow,
} from '../repositories/eidSignIns.repository.ts';
import { pruneRateLimits, takeRateLimit } from '../repositories/rateLimits.repository.ts';
import { ApiErrorBody } from '../../contract/common.ts';
import { EidCollect, EidOrder, EidOrderRequest, EidQrCode } from '../../contract/eid.ts';
import type { App, RouteDeps } from './types.ts';

export interface EidRouteDeps extends RouteDeps {
  eid: EidProvider;
  /** Orders one address may start per window (each is a call to the bank and a row). */
  startLimit?: { max: number; windowMs: number };
}

/** Our order rows are kept this long (past BankID's 3-minute lifetime), then deleted. */
const keepSignInsMs = 60 * 60_000;
const defaultStartLimit = { max: 30, windowMs: 10 * 60_000 };

const errors = { '4xx': ApiErrorBody, '5xx': ApiErrorBody };
const orderNotFound = () => notFound('eid/order-not-found', 'No such bank-eID order');
const orderFinished = () => new ApiError(409, 'eid/order-finished', 'This bank-eID order has already been used');

/** The member's address as BankID wants it (endUserIp): IPv4 without the IPv6-mapped prefix. */
export function endUserIp(request: FastifyRequest): string {
  return request.ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

/**
 * Bank-eID sign-in (BankID RP API v6 behind our own API): start an order, the animated QR code,
 * collect, cancel. Orders belong to the brand of the app URL; a completed order gives one
 * custom token of the member with that personal number. Personal numbers never leave the server.
 */
export async function eidRoutes(app: App, deps: EidRouteDeps) {
  const { db, eid, brands, identity } = deps;
  const now = () => deps.now?.() ?? Date.now();
  const limit = deps.startLimit ?? defaultStartLimit;

  /** The provider's errors in the API's shape: an order it does not know is not found, the rest is its outage. */
  async function provider<T>(request: FastifyRequest, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof EidError)) throw error;
      if (error.errorCode === 'invalidParameters') throw orderNotFound();
      if (error.errorCode === 'alreadyInProgress') throw new ApiError(409, 'eid/already-in-progress', 'A bank-eID order is already in progress');
      request.log.warn({ errorCode: error.errorCode }, 'bank eID provider failed');
      throw new ApiError(503, 'eid/unavailable', 'The bank-eID service cannot be reached just now');
    }
  }

  /** A catch handler: gives the order back (the step after marking it failed), then rethrows. */
  const reopenAndThrow = (row: EidSignInRow, finishedAt: Date) => async (error: unknown): Promise<never> => {
    await reopenEidSignIn(db, row.orderRef, finishedAt).catch((undoError: unknown) => {
      app.log.error({ err: undoError }, 'could not reopen a bank-eID order');
    });
    throw error;
  };

  async function orderOf(request: FastifyRequest, orderRef: string): Promise<EidSignInRow> {
    const brand = await brands.forRequest(request);
    const row = await findEidSignIn(db, brand.id, orderRef);
    if (!row) throw orderNotFound();
    return row;
  }

  app.post('/v1/eid/auth', { schema: { response: { 200: EidOrder, ...errors } } }, async (request) => {
    const brand = await brands.forRequest(request);
    const address = endUserIp(request);
    // Counted and checked in one atomic step: parallel starts never pass more than the limit.
    const counted = await db.transaction((tx) => takeRateLimit(tx, { bucket: 'eid-start', key: addressKey(address), ...limit }, now()));
    await pruneRateLimits(db, 'eid-start', limit.windowMs, now()).catch(() => undefined);
    if (!counted.allowed) {
      throw new ApiError(429, 'auth/too-many-attempts', 'Too many bank-eID sign-ins from this address; try again later');
    }
    await deleteEidSignInsBefore(db, new Date(now() - keepSignInsMs));
    const order = await provider(request, () => eid.auth({ endUserIp: address }));
    await insertEidSignIn(db, {
      orderRef: order.orderRef,
      brandId: brand.id,
      qrStartToken: order.qrStartToken,
      qrStartSecret: order.qrStartSecret,
      endUserIp: address,
      startedAt: new Date(now()),
    });
    return { orderRef: order.orderRef, autoStartToken: order.autoStartToken };
  });

  app.post('/v1/eid/qr', { schema: { body: EidOrderRequest, response: { 200: EidQrCode, ...errors } } }, async (request) => {
    const row = await orderOf(request, request.body.orderRef);
    if (row.finishedAt) throw orderFinished();
    const seconds = qrSeconds(row.startedAt, now());
    return { qrCode: qrCodeContent(row.qrStartToken, row.qrStartSecret, seconds), seconds };
  });

  app.post('/v1/eid/collect', { schema: { body: EidOrderRequest, response: { 200: EidCollect, ...errors } } }, async (request) => {
    const row = await orderOf(request, request.body.orderRef);
    if (row.finishedAt) throw orderFinished();
    const result = await provider(request, () => eid.collect(row.orderRef));
    if (result.status !== 'complete') return { status: result.status, hintCode: result.hintCode };
    const personalNumber = result.completionData?.user.personalNumber;
    if (!personalNumber) throw new ApiError(503, 'eid/unavailable', 'The bank eID answered without a personal number');
    // Marked first so racing collects give one token; undone if no token could be made.
    const finishedAt = new Date(now());
    if (!(await finishEidSignIn(db, row.orderRef, finishedAt))) throw orderFinished();
    const brand = await brands.forRequest(request);
    const uid = await findUserIdBySsn(db, brand.id, normalisePersonalNumber(personalNumber)).catch(reopenAndThrow(row, finishedAt));
    // No member with that number is an answer, not a failure: the order stays spent.
    if (!uid) throw notFound('auth/ssn-not-found', 'Please check your social security number');
    const customToken = await identity.createCustomToken(brand.authTenantId, uid).catch(reopenAndThrow(row, finishedAt));
    return { status: 'complete' as const, customToken };
  });

  app.post('/v1/eid/cancel', { schema: { body: EidOrderRequest, response: { 204: Type.Null(), ...errors } } }, async (request, reply) => {
    const row = await orderOf(request, request.body.orderRef);
    // Marked first so no collect gives a token for an order being cancelled; undone if the provider fails.
    const finishedAt = new Date(now());
    if (await finishEidSignIn(db, row.orderRef, finishedAt)) {
      await provider(request, () => eid.cancel(row.orderRef)).catch(async (error: unknown) => {
        // An order that completed or failed meanwhile has nothing left to cancel.
        if (error instanceof ApiError && error.code === 'eid/order-not-found') return;
        await reopenAndThrow(row, finishedAt)(error);
      });
    }
    return reply.status(204).send(null);
  });
}
