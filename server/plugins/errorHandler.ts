import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';

const somethingWentWrong = 'Something went wrong. If the problem persists contact customer service.';

/** Codes for Fastify's own client errors, so every 4xx carries a stable code. */
const fastifyCodes: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_content_length',
};

/** One place that turns any error into the spec's {status, code, message}; never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send({ status: error.status, code: error.code, message: error.message });
    }
    if ('validation' in error && error.validation) {
      const message = `${error.validationContext ?? 'request'} ${error.validation[0]?.instancePath ?? ''} ${error.validation[0]?.message ?? 'is invalid'}`;
      return reply.status(400).send({ status: 400, code: 'invalid_request', message: message.replace(/\s+/g, ' ') });
    }
    if (isPostgresDataException(error)) {
      // Input the database cannot hold (a NUL byte, an out-of-range number) is the client's mistake.
      return reply.status(400).send({ status: 400, code: 'invalid_request', message: 'The request holds a value that cannot be stored' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = fastifyCodes[error.code] ?? (status === 429 ? 'too_many_requests' : 'bad_request');
      return reply.status(status).send({ status, code, message: error.message });
    }
    request.log.error({ err: withoutQueryValues(error) }, 'unhandled error');
    return reply.status(500).send({ status: 500, code: 'internal_error', message: somethingWentWrong });
  });
}

/**
 * A database error as it may be logged: drizzle puts the query's parameters in its message and
 * PostgreSQL the offending key in `detail`; both can be e-mails or personal numbers.
 */
export function withoutQueryValues(error: Error): Error {
  const query = (error as { query?: unknown }).query;
  if (typeof query !== 'string') return error;
  const cause = (error as { cause?: unknown }).cause as { code?: unknown; message?: unknown; constraint?: unknown } | undefined;
  const safe = new Error(`Failed query: ${query}`);
  safe.name = error.name;
  safe.stack = `${safe.name}: ${safe.message}\n${(error.stack ?? '').split('\n').slice(1).filter((line) => line.trimStart().startsWith('at ')).join('\n')}`;
  Object.assign(safe, { code: cause?.code, constraint: cause?.constraint, reason: typeof cause?.message === 'string' ? cause.message : undefined });
  return safe;
}

/** SQLSTATE class 22 (data exception), directly or wrapped by drizzle as `cause`. */
function isPostgresDataException(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Fastify's routing failures (a %-escape that does not decode, an overlong path parameter) in the API's shape. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send({ status: 414, code: 'uri_too_long', message: 'A part of the path is too long' });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send({ status: 400, code: 'bad_url', message: 'The path is not a valid URL' });
  }
  return reply.status(500).send({ status: 500, code: 'internal_error', message: somethingWentWrong });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers too large, a malformed
 * chunked body, a timeout), answered in the API's shape on the raw socket, then closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers_too_large', 'The request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request took too long']
        : [400, 'bad_request', 'The request is malformed'];
  const body = JSON.stringify({ status, code, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
