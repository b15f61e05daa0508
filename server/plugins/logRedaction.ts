import type { FastifyServerOptions } from 'fastify';

/** Query parameters whose values are harmless in a log (paging and filters); every other value is redacted. */
const plainQueryParameters = new Set(['type', 'cursor', 'limit', 'page', 'category', 'categoryId', 'lang', 'locale', 'mode']);
/** Path segments that carry a secret: reset links, table-booking cancel links, the simulated phone's order tokens. */
const secretAfter = /(\/(?:password_reset|order|cancel)\/)[^/?#]+/gi;
/** Any long opaque segment (a token, a code) is redacted too, whatever route it belongs to. */
const opaqueSegment = /(?<=\/)(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{20,}(?=\/|$)/g;

export const redacted = '[redacted]';

/**
 * A request URL as it may be logged: reset tokens, oob codes, custom tokens and any query value
 * that is not a plain filter are replaced, so whoever reads the logs cannot use them.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const safePath = path.replace(secretAfter, `$1${redacted}`).replace(opaqueSegment, redacted);
  if (queryAt === -1) return safePath;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair.length > 40 ? redacted : pair;
      const name = pair.slice(0, equals);
      return plainQueryParameters.has(safeDecode(name)) ? pair : `${name}=${redacted}`;
    })
    .join('&');
  return `${safePath}?${query}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer with the URL redacted; headers (Authorization) and bodies are never logged. */
const serializers = {
  req(request: LoggedRequest) {
    return { method: request.method, url: redactUrl(request.url), host: request.hostname, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
  },
};

/** The logger options with the redacting serializers; `false` stays off. */
export function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, ...serializers } };
}
