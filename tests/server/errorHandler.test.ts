import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { registerErrorHandler } from '../../server/plugins/errorHandler.ts';
import { ApiError } from '../../server/errors.ts';
import { ApiErrorBody } from '../../contract/common.ts';

async function appThrowing(error: unknown) {
  const app = Fastify();
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw error;
  });
  app.post('/echo', async (request) => request.body);
  await app.ready();
  return app;
}

describe('error handler', () => {
  it('answers an ApiError in the spec shape', async () => {
    const app = await appThrowing(new ApiError(409, 'thing_taken', 'Taken'));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 409, code: 'thing_taken', message: 'Taken' });
  });

  it('answers the facts a refusal carries beside status, code and message', async () => {
    const app = await appThrowing(new ApiError(409, 'checkout/hold-limit-reached', 'Held too long', { holdAgainAt: 1_795_000_000_000, holdLimitMinutes: 45 }));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.json()).toEqual({ status: 409, code: 'checkout/hold-limit-reached', message: 'Held too long', holdAgainAt: 1_795_000_000_000, holdLimitMinutes: 45 });
    // Also through a route's published error schema, which serialises only what it names.
    const withSchema = Fastify();
    registerErrorHandler(withSchema);
    withSchema.get('/held', { schema: { response: { '4xx': ApiErrorBody } } }, async () => {
      throw new ApiError(409, 'checkout/hold-limit-reached', 'Held too long', { holdAgainAt: 1_795_000_000_000, holdLimitMinutes: 45 });
    });
    expect((await withSchema.inject({ method: 'GET', url: '/held' })).json()).toMatchObject({ holdAgainAt: 1_795_000_000_000, holdLimitMinutes: 45 });
  });

  it('answers a value the database cannot hold (SQLSTATE 22xxx, wrapped) with 400', async () => {
    const wrapped = Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('invalid byte sequence'), { code: '22021' }) });
    const response = await (await appThrowing(wrapped)).inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('hides the details of an unexpected error', async () => {
    const response = await (await appThrowing(new Error('secret connection string'))).inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      status: 500,
      code: 'internal_error',
      message: 'Something went wrong. If the problem persists contact customer service.',
    });
    expect(response.body).not.toContain('secret');
  });

  it('never passes on a provider error\'s own status, code or text (a Stripe 404 thrown through)', async () => {
    const providerError = Object.assign(new Error("No such checkout.session: 'cs_test_a1'"), { statusCode: 404, code: 'resource_missing', type: 'StripeInvalidRequestError' });
    const response = await (await appThrowing(providerError)).inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ status: 500, code: 'internal_error' });
    expect(response.body).not.toMatch(/No such|cs_test|resource_missing/);
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const app = await appThrowing(null);
    const response = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code: 'invalid_json' });
  });
});
