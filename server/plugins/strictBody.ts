import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { ApiError } from '../errors.ts';

/** Fields whose wrong type is answered with the field's own code (a phone sent as the number 0). */
const fieldCodes: Record<string, [code: string, message: string]> = {
  '/phoneNumber': ['phone_number_invalid', 'The phone number is not valid'],
  '/email': ['user/email-invalid', 'The e-mail address is not valid'],
};

/**
 * Request bodies are checked as sent, before the schema validator (which coerces query strings)
 * sees them: `{"firstName": true}` is a 400, never the name "true".
 */
export function registerStrictBodies(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema?.body as TSchema | undefined;
    if (!schema || request.body === undefined || Value.Check(schema, request.body)) return;
    const first = [...Value.Errors(schema, request.body)][0];
    const fieldCode = first ? fieldCodes[first.instancePath] : undefined;
    if (fieldCode) throw new ApiError(400, ...fieldCode);
    const validation = [{ instancePath: first?.instancePath ?? '', message: first?.message ?? 'is invalid' }];
    throw Object.assign(new Error(`body${validation[0]!.instancePath} ${validation[0]!.message}`), {
      statusCode: 400,
      validation,
      validationContext: 'body',
    });
  });
}
