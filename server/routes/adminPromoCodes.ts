import { Type } from 'typebox';
import { ApiError, badRequest } from '../errors.ts';
import type { OperatorGuard } from '../plugins/operatorOnly.ts';
import type { App, RouteDeps } from './types.ts';

const ImportBody = Type.Object({
  brandId: Type.String({ minLength: 1, maxLength: 200 }),
  offerId: Type.String({ minLength: 1, maxLength: 200 }),
  codes: Type.Array(Type.Object({ code: Type.String({ minLength: 1, maxLength: 100 }), expiresAt: Type.Union([Type.String(), Type.Null()]) }), {
    maxItems: 1_000_000,
  }),
  commonCode: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  claimCap: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
});

export { adminTokenHeader } from '../plugins/operatorOnly.ts';

/**
 * POST /admin/promo-codes/import: `npm run codes:import` through a server (the one holding the
 * embedded database, or any instance of a deployment), behind the operator guard: the DATA_DIR
 * token from this machine, or OPERATOR_TOKEN over HTTPS or loopback; others get a 404.
 */
export async function adminPromoCodeRoutes(app: App, { promoCodes, operator }: RouteDeps & { operator: OperatorGuard }) {
  app.post(
    '/admin/promo-codes/import',
    { onRequest: operator.onRequest, onResponse: operator.onResponse, bodyLimit: 64 * 1024 * 1024, schema: { hide: true, body: ImportBody } },
    async (request) => {
      const outcome = await promoCodes.importCodes(request.body);
      switch (outcome.kind) {
        case 'imported':
          return outcome.result;
        case 'invalidCode':
          throw badRequest('invalid_code', `"${outcome.code}" is not a code`);
        case 'invalidExpiry':
          throw badRequest('invalid_expiry', outcome.message);
        case 'offerNotFound':
          throw new ApiError(404, 'offer_not_found', outcome.message);
      }
    },
  );
}
