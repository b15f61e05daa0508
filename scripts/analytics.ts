/**
 * `npm run analytics -- --brand aurora [--since 7d]`: the brand's page views per path, its purchase
 * funnel (offer opened → added to cart → checkout opened → paid, sessions per step and the
 * conversion from the step before) and its most opened offers, from the events the app sent to
 * POST /v1/a. `--since` takes minutes, hours, days or weeks (30m, 24h, 7d, 2w) or a date
 * (2026-11-01); without it, every event kept (ANALYTICS_RETENTION_DAYS); `--until` ends it the same
 * way (up to now without it). It also says how many events the brand's ceiling and budget dropped.
 * Reads DATABASE_URL, else
 * the PGlite database in DATA_DIR; with `--server URL` (or KLUBB_SERVER_URL) and OPERATOR_TOKEN, or
 * while a server holds DATA_DIR, it asks that server.
 */
import { parseArgs } from 'node:util';
import { readConfig, type Config } from '../server/config.ts';
import { analyticsReport, describeReport, latestReportTime, UnknownBrandError, type AnalyticsReport } from '../server/analytics/report.ts';
import { adminServer, callServerAdmin, failedCommand, OperatorError, serverOption, withOperatorDatabase } from './serverAdmin.ts';

const usage = 'Usage: npm run analytics -- --brand BRAND [--since 7d|24h|30m|2w|2026-11-01] [--until 1d|2026-11-08] [--server URL]';
const units: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** A time of the report (ms since epoch) from `--since` or `--until`, or null when not given. */
function timeOf(option: string, text: string | undefined, nowMs: number): number | null {
  if (text === undefined) return null;
  const duration = /^(\d{1,6})([mhdw])$/.exec(text);
  const date = duration ? nowMs - Number(duration[1]) * units[duration[2]!]! : /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(date) || date < 0 || date > latestReportTime) throw new OperatorError(`--${option} ${text} is neither a time back (30m, 24h, 7d, 2w) nor a date (2026-11-01).\n${usage}`);
  return date;
}

async function fromDatabase(config: Config, brandId: string, since: number | null, until: number | null): Promise<AnalyticsReport> {
  try {
    return await withOperatorDatabase(config, (db) => analyticsReport(db, brandId, since, until));
  } catch (error) {
    if (error instanceof UnknownBrandError) throw new OperatorError(error.message);
    throw error;
  }
}

async function main() {
  const { values, positionals } = parseArgs({ options: { brand: { type: 'string' }, since: { type: 'string' }, until: { type: 'string' }, ...serverOption }, allowPositionals: true });
  if (!values.brand || positionals.length > 0) throw new OperatorError(usage);
  const since = timeOf('since', values.since, Date.now());
  const until = timeOf('until', values.until, Date.now());
  if (since !== null && until !== null && until < since) throw new OperatorError(`--until is before --since.\n${usage}`);
  const config = readConfig();
  const server = adminServer(config, values.server);
  const report = server
    ? await callServerAdmin<AnalyticsReport>(server, '/admin/analytics/report', { brandId: values.brand, since, until }, 'analytics report')
    : await fromDatabase(config, values.brand, since, until);
  console.log(describeReport(report));
}

main().catch(failedCommand);
