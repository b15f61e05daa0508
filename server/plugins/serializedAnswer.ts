import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** A strong ETag of a whole body: equal tags mean byte-equal answers, so a 304 never stands for someone else's body. */
export const etagOf = (body: string | Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** A 200 answer serialised once, with its ETag: what a route's in-memory cache keeps for answers served over and over. */
export interface SerializedAnswer {
  body: Buffer;
  etag: string;
}

/** Serialises with the route's own response schema (fast-json-stringify), as Fastify would for each request. */
export function serializeAnswer(reply: FastifyReply, value: unknown): SerializedAnswer {
  const serialized = reply.serialize(value);
  const body = typeof serialized === 'string' ? Buffer.from(serialized) : Buffer.from(serialized as Uint8Array);
  return { body, etag: etagOf(body) };
}

/** Sends a kept answer as it is: no serialising, no hashing, no length counting per request. */
export function sendSerialized(reply: FastifyReply, answer: SerializedAnswer): FastifyReply {
  return reply.header('etag', answer.etag).type('application/json; charset=utf-8').send(answer.body);
}
