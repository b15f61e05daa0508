import { BlockList, isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x (BlockList matches ::ffff:127.0.0.1 against the IPv4 rule). */
export function isLoopback(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && loopback.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

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
