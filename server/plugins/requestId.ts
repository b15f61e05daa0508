import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a request id comes in and goes back out in (the client sends one per API call). */
export const requestIdHeader = 'x-request-id';
/** What an incoming id may look like: short, and nothing that could forge or break a log line. */
const wellFormed = /^[A-Za-z0-9._:-]{8,128}$/;

/** Fastify's `genReqId`: the caller's id when it is well-formed, else a new one; logged as `reqId`. */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[requestIdHeader];
  return typeof sent === 'string' && wellFormed.test(sent) ? sent : randomUUID();
}

/** Echoes the request's id in every answer, so a member's report or a proxy's log finds the server's lines. */
export function registerRequestIdEcho(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(requestIdHeader, request.id);
  });
}
