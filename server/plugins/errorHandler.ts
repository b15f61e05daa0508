import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, LimitReached } from '../errors.ts';
import { withoutQueryValues } from '../db/safeErrors.ts';

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
      // Our own failures are logged by code (a provider's own code too), never with what the request held.
      if (error.status >= 500) {
        const providerCode = (error as { providerCode?: unknown }).providerCode;
        request.log.error({ code: error.code, ...(typeof providerCode === 'string' ? { providerCode } : {}) }, error.message);
      }
      if (error instanceof LimitReached) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send({ status: error.status, code: error.code, message: error.message, ...error.facts });
    }
    if ('validation' in error && error.validation) {
      const message = `${error.validationContext ?? 'request'} ${error.validation[0]?.instancePath ?? ''} ${error.validation[0]?.message ?? 'is invalid'}`;
      return reply.status(400).send({ status: 400, code: 'invalid_request', message: message.replace(/\s+/g, ' ') });
    }
    if (isPostgresDataException(error)) {
      // Input the database cannot hold (a NUL byte, an out-of-range number) is the client's mistake.
      return reply.status(400).send({ status: 400, code: 'invalid_request', message: 'The request holds a value that cannot be stored' });
    }
    // Only Fastify's own client errors pass on their status; another library's (a provider SDK's
    // 404 with its own text) is our failure, never the member's to read.
    const status = isFastifyError(error) ? (error.statusCode ?? 500) : 500;
    if (status >= 400 && status < 500) {
      const code = fastifyCodes[error.code] ?? (status === 429 ? 'too_many_requests' : 'bad_request');
      return reply.status(status).send({ status, code, message: error.message });
    }
    request.log.error({ err: withoutQueryValues(error) }, 'unhandled error');
    return reply.status(500).send({ status: 500, code: 'internal_error', message: somethingWentWrong });
  });
}

const isFastifyError = (error: FastifyError) => typeof error.code === 'string' && error.code.startsWith('FST_');

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
export function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // The request line counts toward the header limit: when it never ended, the URL is what is too long.
  const urlTooLong = error.code === 'HPE_HEADER_OVERFLOW' && Buffer.isBuffer(error.rawPacket) && !error.rawPacket.includes('\r\n');
  const [status, code, message] = urlTooLong
    ? [414, 'uri_too_long', 'The URL is too long']
    : error.code === 'HPE_HEADER_OVERFLOW'
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
