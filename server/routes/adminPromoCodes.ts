import { Type } from 'typebox';
import { ApiError, badRequest } from '../errors.ts';
import type { OperatorGuard } from '../plugins/operatorOnly.ts';
import { isValidCode, parseExpiry } from '../promo/codesFile.ts';
import { importPromoCodes, OfferNotFoundError } from '../repositories/promoImport.repository.ts';
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
export async function adminPromoCodeRoutes(app: App, { db, now = Date.now, operator }: RouteDeps & { operator: OperatorGuard }) {
  app.post(
    '/admin/promo-codes/import',
    { onRequest: operator.onRequest, onResponse: operator.onResponse, bodyLimit: 64 * 1024 * 1024, schema: { hide: true, body: ImportBody } },
    async (request) => {
      const { codes, commonCode, ...rest } = request.body;
      if (commonCode !== undefined && !isValidCode(commonCode)) throw badRequest('invalid_code', `"${commonCode}" is not a code`);
      const parsed = codes.map((c) => {
        if (!isValidCode(c.code)) throw badRequest('invalid_code', `"${c.code}" is not a code`);
        try {
          return { code: c.code, expiresAt: c.expiresAt === null ? null : parseExpiry(c.expiresAt) };
        } catch (error) {
          throw badRequest('invalid_expiry', (error as Error).message);
        }
      });
      try {
        return await db.transaction((tx) => importPromoCodes(tx, { ...rest, codes: parsed, commonCode }, new Date(now())));
      } catch (error) {
        if (error instanceof OfferNotFoundError) throw new ApiError(404, 'offer_not_found', error.message);
        throw error;
      }
    },
  );
}
