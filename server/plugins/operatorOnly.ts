import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDirectLoopback } from './loopbackOnly.ts';

/** The header operator commands (npm run codes:import, order:cancel, …) send their token in. */
export const adminTokenHeader = 'x-klubb-admin-token';
/** Who runs the command, as the command states it (user@host): logged beside each use, not a proof. */
export const operatorNameHeader = 'x-klubb-operator';

export interface OperatorCredentials {
  /** The token the embedded server wrote into DATA_DIR: proves the command runs on this machine; loopback only. */
  localToken?: string;
  /** OPERATOR_TOKEN of the deployment: from any address over HTTPS, or from loopback. */
  operatorToken?: string;
}

/** The hooks every /admin route carries. */
export interface OperatorGuard {
  onRequest: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  onResponse: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

type Credential = 'operator token' | 'local token';

/** Equal in constant time whatever the lengths (both sides hashed first). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function operatorName(request: FastifyRequest): string | undefined {
  const name = request.headers[operatorNameHeader];
  return typeof name === 'string' && /^[\x20-\x7e]{1,100}$/.test(name) ? name : undefined;
}

/**
 * The /admin routes' guard, or null when the server has no credential (the routes are then not
 * served at all). Anyone without the right token gets the ordinary 404, as if there were no such
 * route. Every call is logged with its route, outcome, address and the operator's stated name;
 * never with the token.
 */
export function createOperatorGuard({ localToken, operatorToken }: OperatorCredentials): OperatorGuard | null {
  if (!localToken && !operatorToken) return null;
  const accepted = new WeakMap<FastifyRequest, Credential>();
  const about = (request: FastifyRequest) => ({
    route: request.url.split('?')[0],
    address: request.ip,
    protocol: request.protocol,
    operator: operatorName(request),
  });

  function judge(request: FastifyRequest): { credential: Credential } | { refused: string } {
    const token = request.headers[adminTokenHeader];
    if (typeof token !== 'string' || token === '') return { refused: 'no token' };
    // Both compared every time, so the answer's timing does not tell which one nearly matched.
    const isOperator = operatorToken !== undefined && sameSecret(token, operatorToken);
    const isLocal = localToken !== undefined && sameSecret(token, localToken);
    // Loopback: this machine's own connection with no forwarded header (a proxy here forwards strangers).
    // https: the connection's own TLS, or X-Forwarded-Proto from a proxy TRUST_PROXY names (Fastify ignores anyone else's).
    const loopback = isDirectLoopback(request);
    if (isOperator) return loopback || request.protocol === 'https' ? { credential: 'operator token' } : { refused: 'plain HTTP from another machine' };
    if (isLocal) return loopback ? { credential: 'local token' } : { refused: 'DATA_DIR token from another machine' };
    return { refused: 'wrong token' };
  }

  return {
    async onRequest(request, reply) {
      const verdict = judge(request);
      if ('credential' in verdict) {
        accepted.set(request, verdict.credential);
        return undefined;
      }
      request.log.warn({ operatorCall: { ...about(request), outcome: 'refused', reason: verdict.refused } }, 'operator call refused');
      reply.callNotFound();
      return reply;
    },
    async onResponse(request, reply) {
      const credential = accepted.get(request);
      if (!credential) return;
      const outcome = reply.statusCode < 400 ? 'done' : 'failed';
      request.log.info({ operatorCall: { ...about(request), credential, outcome, status: reply.statusCode } }, `operator call ${outcome}`);
    },
  };
}
