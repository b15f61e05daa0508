import { isLoopback } from '../addresses.ts';

export { isLoopback };
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * onRequest hook of the development pages: they show reset links and play anyone's bank-eID
 * phone, so only a browser on this machine may use them. request.ip honours TRUST_PROXY, so a
 * client behind a trusted proxy counts by its own address. Others get the ordinary 404.
 */
export async function loopbackOnly(request: FastifyRequest, reply: FastifyReply) {
  if (isLoopback(request.ip)) return;
  reply.callNotFound();
  return reply;
}
