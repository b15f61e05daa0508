import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLoopback } from '../addresses.ts';

/** The header operator commands (npm run codes:import, order:cancel) send the server's admin token in. */
export const adminTokenHeader = 'x-klubb-admin-token';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * onRequest hook of the /admin routes: only from this machine, and only with the token the
 * server wrote into DATA_DIR (so a local proxy forwarding outside requests does not open them);
 * anyone else gets a 404, as if there were no such route.
 */
export function operatorOnly(adminToken: string) {
  return async function operatorOnlyHook(request: FastifyRequest, reply: FastifyReply) {
    const token = request.headers[adminTokenHeader];
    if (isLoopback(request.ip) && typeof token === 'string' && sameSecret(token, adminToken)) return;
    reply.callNotFound();
    return reply;
  };
}
