import { Type } from 'typebox';
import { badRequest, notFound } from '../errors.ts';
import type { OperatorGuard } from '../plugins/operatorOnly.ts';
import { latestReportTime, UnknownBrandError } from '../analytics/report.ts';
import type { App, RouteDeps } from './types.ts';

/** A time of the report (ms since epoch): from 1970 to the end of year 9999, else 400 invalid_request. */
const ReportTime = Type.Integer({ minimum: 0, maximum: latestReportTime });

const ReportBody = Type.Object({
  brandId: Type.String({ minLength: 1, maxLength: 200 }),
  // Null first: the validator coerces types, and a null tried against the number first would become 0.
  /** Events received from then on (ms since epoch); null for every event kept. */
  since: Type.Union([Type.Null(), ReportTime]),
  /** Events received before then (ms since epoch); null or absent: up to now. */
  until: Type.Optional(Type.Union([Type.Null(), ReportTime])),
});

/**
 * POST /admin/analytics/report: `npm run analytics` through a server (the one holding the embedded
 * database, or any instance of a deployment). Behind the operator guard (plugins/operatorOnly.ts).
 */
export async function adminAnalyticsRoutes(app: App, { analytics, operator }: RouteDeps & { operator: OperatorGuard }) {
  app.post('/admin/analytics/report', { onRequest: operator.onRequest, onResponse: operator.onResponse, schema: { hide: true, body: ReportBody } }, async (request) => {
    const { brandId, since, until = null } = request.body;
    if (since !== null && until !== null && until < since) throw badRequest('invalid_report_range', 'until must not be before since');
    try {
      return await analytics.report(brandId, since, until);
    } catch (error) {
      if (error instanceof UnknownBrandError) throw notFound('brand_not_found', error.message);
      throw error;
    }
  });
}
