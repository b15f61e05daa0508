import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { ApiError } from '../errors.ts';

/** A phone number sent as a JSON number (0, 46701234567) is a phone number that is not valid, as the spec words it. */
const phoneAsNumber = (body: unknown) => typeof (body as { phoneNumber?: unknown } | null)?.phoneNumber === 'number';

/**
 * Request bodies are checked as sent, before the schema validator (which coerces query strings)
 * sees them: `{"firstName": true}` is a 400, never the name "true".
 */
export function registerStrictBodies(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema?.body as TSchema | undefined;
    if (!schema || request.body === undefined || Value.Check(schema, request.body)) return;
    const first = [...Value.Errors(schema, request.body)][0];
    if (first?.instancePath === '/phoneNumber' && phoneAsNumber(request.body)) {
      throw new ApiError(400, 'phone_number_invalid', 'The phone number is not valid');
    }
    const validation = [{ instancePath: first?.instancePath ?? '', message: first?.message ?? 'is invalid' }];
    throw Object.assign(new Error(`body${validation[0]!.instancePath} ${validation[0]!.message}`), {
      statusCode: 400,
      validation,
      validationContext: 'body',
    });
  });
}
