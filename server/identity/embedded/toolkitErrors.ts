import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.ts';
import { withoutQueryValues } from '../../db/safeErrors.ts';

/** An error answered in Identity Toolkit's shape; `message` is the code, optionally "CODE : detail". */
export class ToolkitError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'ToolkitError';
  }
}

export const toolkitError = (code: string, detail?: string) => new ToolkitError(detail ? `${code} : ${detail}` : code);

/** An identity path or method this provider does not serve (accounts:foo), in the protocol's shape. */
export const toolkitNotFound = () => new ToolkitError('NOT_FOUND : No such method in the identity protocol', 404);

/** PASSWORD_DOES_NOT_MEET_REQUIREMENTS with what is missing, as Identity Platform words it. */
export const passwordPolicyError = (missing: string[]) =>
  toolkitError('PASSWORD_DOES_NOT_MEET_REQUIREMENTS', `Missing password requirements: [${missing.join(', ')}]`);

/** How the REST protocol names the failures of ID-token verification. */
const codeForApiError: Record<string, string> = {
  'auth/id-token-expired': 'TOKEN_EXPIRED',
  'auth/id-token-revoked': 'TOKEN_EXPIRED',
  'auth/invalid-id-token': 'INVALID_ID_TOKEN',
  'auth/user-not-found': 'USER_NOT_FOUND',
  'auth/user-disabled': 'USER_DISABLED',
  'auth/email-already-exists': 'EMAIL_EXISTS',
};

export function toolkitBody(message: string, status = 400) {
  return { error: { code: status, message, errors: [{ message, domain: 'global', reason: 'invalid' }] } };
}

/** Error handler for the protocol routes: every client mistake is a 400 in Firebase's shape. */
export function answerToolkitError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ToolkitError) return reply.status(error.status).send(toolkitBody(error.message, error.status));
  if (error instanceof ApiError && codeForApiError[error.code]) {
    return reply.status(400).send(toolkitBody(codeForApiError[error.code]!));
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Body parser failures (bad JSON, wrong content type, too large) are the client's fault.
    return reply.status(400).send(toolkitBody(`INVALID_ARGUMENT : ${error.message}`));
  }
  request.log.error({ err: withoutQueryValues(error) }, 'identity request failed');
  return reply.status(500).send(toolkitBody('INTERNAL_ERROR', 500));
}
