import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError, notFound } from '../errors.ts';
import { EidError } from '../eid/eid.ts';
import { ApiErrorBody } from '../../contract/common.ts';
import { EidCollect, EidOrder, EidOrderRequest, EidQrCode } from '../../contract/eid.ts';
import type { App, RouteDeps } from './types.ts';

const errors = { '4xx': ApiErrorBody, '5xx': ApiErrorBody };
const orderNotFound = () => notFound('eid/order-not-found', 'No such bank-eID order');
const orderFinished = () => new ApiError(409, 'eid/order-finished', 'This bank-eID order has already been used');
const unusable = (outcome: { kind: 'notFound' | 'finished' }) => (outcome.kind === 'notFound' ? orderNotFound() : orderFinished());

/** The member's address as BankID wants it (endUserIp): IPv4 without the IPv6-mapped prefix. */
export function endUserIp(request: FastifyRequest): string {
  return request.ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

/**
 * Bank-eID sign-in (BankID RP API v6 behind our own API; server/eid/signIns.ts decides): start an
 * order, the animated QR code, collect, cancel. Orders belong to the brand of the app URL.
 */
export async function eidRoutes(app: App, { eidSignIns, brands }: RouteDeps) {
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

  app.post('/v1/eid/auth', { schema: { response: { 200: EidOrder, ...errors } } }, async (request) => {
    const brand = await brands.forRequest(request);
    const outcome = await provider(request, () => eidSignIns.start(brand.id, endUserIp(request)));
    if (outcome.kind === 'tooMany') throw new ApiError(429, 'auth/too-many-attempts', 'Too many bank-eID sign-ins from this address; try again later');
    return { orderRef: outcome.orderRef, autoStartToken: outcome.autoStartToken };
  });

  app.post('/v1/eid/qr', { schema: { body: EidOrderRequest, response: { 200: EidQrCode, ...errors } } }, async (request) => {
    const brand = await brands.forRequest(request);
    const outcome = await eidSignIns.qrCode(brand.id, request.body.orderRef);
    if (outcome.kind !== 'qrCode') throw unusable(outcome);
    return { qrCode: outcome.qrCode, seconds: outcome.seconds };
  });

  app.post('/v1/eid/collect', { schema: { body: EidOrderRequest, response: { 200: EidCollect, ...errors } } }, async (request) => {
    const brand = await brands.forRequest(request);
    const outcome = await provider(request, () => eidSignIns.collect(brand, request.body.orderRef));
    switch (outcome.kind) {
      case 'notFound':
      case 'finished':
        throw unusable(outcome);
      case 'pending':
        return { status: outcome.status, hintCode: outcome.hintCode };
      case 'noPersonalNumber':
        throw new ApiError(503, 'eid/unavailable', 'The bank eID answered without a personal number');
      case 'ssnNotFound':
        throw notFound('auth/ssn-not-found', 'Please check your social security number');
      case 'complete':
        return { status: 'complete' as const, customToken: outcome.customToken };
    }
  });

  app.post('/v1/eid/cancel', { schema: { body: EidOrderRequest, response: { 204: Type.Null(), ...errors } } }, async (request, reply) => {
    const brand = await brands.forRequest(request);
    const outcome = await provider(request, () => eidSignIns.cancel(brand.id, request.body.orderRef));
    if (outcome.kind === 'notFound') throw orderNotFound();
    return reply.status(204).send(null);
  });
}
