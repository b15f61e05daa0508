import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { lazySchemaCompilers } from '../../server/plugins/lazySchemaCompilers.ts';

// The Ajv options of buildApp.
const ajv = { customOptions: { coerceTypes: true, removeAdditional: false } };
const apps: FastifyInstance[] = [];

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

function appWith(compilers: ReturnType<typeof lazySchemaCompilers> | undefined): FastifyInstance {
  const app = Fastify({ ajv, ...(compilers ? { schemaController: { compilersFactory: compilers } } : {}) });
  apps.push(app);
  app.get(
    '/items/:id',
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
        querystring: { type: 'object', properties: { limit: { type: 'integer', default: 10 } } },
        response: {
          200: {
            type: 'object',
            properties: { id: { type: 'integer' }, limit: { type: 'integer' }, when: { type: 'string', format: 'date-time' } },
          },
          '4xx': { type: 'object', properties: { message: { type: 'string' } } },
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const { limit } = request.query as { limit: number };
      if (id === 0) return reply.status(404).send({ message: 'none', secret: 'dropped' });
      return { id, limit, when: new Date(Date.UTC(2026, 0, 2)), secret: 'dropped' };
    },
  );
  // A root value that is not an object: Ajv coerces it only when Fastify hands it the parent (schemaEnv).
  app.post('/count', { schema: { body: { type: 'integer', minimum: 1 } } }, async (request) => ({ body: request.body, type: typeof request.body }));
  return app;
}

const requests: InjectOptions[] = [
  { method: 'GET', url: '/items/7' },
  { method: 'GET', url: '/items/7?limit=3' },
  { method: 'GET', url: '/items/7?limit=many' },
  { method: 'GET', url: '/items/seven' },
  { method: 'GET', url: '/items/0' },
  { method: 'POST', url: '/count', headers: { 'content-type': 'application/json' }, payload: '"5"' },
  { method: 'POST', url: '/count', headers: { 'content-type': 'application/json' }, payload: '0' },
  { method: 'POST', url: '/count', headers: { 'content-type': 'application/json' }, payload: '"x"' },
];

describe('lazy schema compilers', () => {
  it('validate, coerce and serialize as Fastify’s own compilers do, on each first request and after', async () => {
    const eager = appWith(undefined);
    const lazy = appWith(lazySchemaCompilers());
    await Promise.all([eager.ready(), lazy.ready()]);
    for (const round of [1, 2]) {
      for (const request of requests) {
        const [expected, actual] = await Promise.all([eager.inject(request), lazy.inject(request)]);
        expect({ round, request, status: actual.statusCode, body: actual.json() }).toEqual({
          round,
          request,
          status: expected.statusCode,
          body: expected.json(),
        });
      }
    }
    // What the comparison rests on: the serializer dropped the extra field and Ajv coerced the root value.
    expect((await lazy.inject(requests[0]!)).json()).toEqual({ id: 7, limit: 10, when: '2026-01-02T00:00:00.000Z' });
    expect((await lazy.inject(requests[5]!)).json()).toEqual({ body: 5, type: 'number' });
  });

  it('compile a route’s schema when a request first needs it, not when the server gets ready', async () => {
    const schema = { querystring: { type: 'object', properties: { n: { type: 'no-such-type' } } } };
    const eager = Fastify({ ajv });
    const lazy = Fastify({ ajv, schemaController: { compilersFactory: lazySchemaCompilers() } });
    apps.push(eager, lazy);
    for (const app of [eager, lazy]) app.get('/broken', { schema }, async () => 'unreachable');
    await expect(eager.ready()).rejects.toThrow(/Failed building the validation schema/);
    await lazy.ready();
    const response = await lazy.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
  });
});
