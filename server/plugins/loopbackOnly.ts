import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLoopback } from '../addresses.ts';

export { isLoopback };

/** Headers by which a proxy says whom, for which host or over what it forwards a call. */
const forwardingHeaders = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded', 'x-real-ip'];

/**
 * A call made on this machine straight to the server: the connection's own address is loopback
 * and it carries no forwarded header. A proxy on this machine (Varnish, Vite, an SSH tunnel's
 * web server) connects from loopback for every client it serves: with any X-Forwarded-* header the
 * call is not taken as local, whatever TRUST_PROXY says.
 */
export function isDirectLoopback(request: FastifyRequest): boolean {
  const address = request.raw.socket?.remoteAddress;
  return address !== undefined && isLoopback(address) && forwardingHeaders.every((name) => request.headers[name] === undefined);
}

/**
 * A client on this machine: a direct loopback call, or one a trusted proxy (TRUST_PROXY names
 * the connection's address) forwarded for a loopback client, as the Vite dev server does for the
 * browser beside it. With no proxy trusted, `request.ips` is undefined or the connection alone.
 */
export function isLocalClient(request: FastifyRequest): boolean {
  if (isDirectLoopback(request)) return true;
  return (request.ips?.length ?? 0) > 1 && isLoopback(request.ip);
}

/**
 * onRequest hook of the development pages: they show reset links and play anyone's bank-eID
 * phone, so only a browser on this machine may use them (isLocalClient). Others get the ordinary 404.
 */
export async function loopbackOnly(request: FastifyRequest, reply: FastifyReply) {
  if (isLocalClient(request)) return;
  reply.callNotFound();
  return reply;
}
