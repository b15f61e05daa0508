import { Type } from 'typebox';
import { notFound } from '../errors.ts';
import type { OperatorGuard } from '../plugins/operatorOnly.ts';
import { analyticsReport, UnknownBrandError } from '../analytics/report.ts';
import type { App, RouteDeps } from './types.ts';

const ReportBody = Type.Object({
  brandId: Type.String({ minLength: 1, maxLength: 200 }),
  /** Events received from then on (ms since epoch); null for every event kept. */
  since: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});

/**
 * POST /admin/analytics/report: `npm run analytics` through a server (the one holding the embedded
 * database, or any instance of a deployment). Behind the operator guard (plugins/operatorOnly.ts).
 */
export async function adminAnalyticsRoutes(app: App, { db, operator }: RouteDeps & { operator: OperatorGuard }) {
  app.post('/admin/analytics/report', { onRequest: operator.onRequest, onResponse: operator.onResponse, schema: { hide: true, body: ReportBody } }, async (request) => {
    try {
      return await analyticsReport(db, request.body.brandId, request.body.since);
    } catch (error) {
      if (error instanceof UnknownBrandError) throw notFound('brand_not_found', error.message);
      throw error;
    }
  });
}
