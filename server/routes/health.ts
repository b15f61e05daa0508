import { Type } from 'typebox';
import { ApiErrorBody } from '../../contract/common.ts';
import { ApiError } from '../errors.ts';
import type { App, RouteDeps } from './types.ts';

/** How long readiness waits for the database: an unreachable one must answer 503, not hang the probe. */
const databaseAnswerMs = 2_000;

/**
 * Liveness (`/v1/health`: the process answers) and readiness (`/v1/ready`: it can serve, so a
 * load balancer may send it traffic: the database answers and has every migration this build needs).
 */
export async function healthRoutes(app: App, { readiness }: Pick<RouteDeps, 'readiness'>) {
  app.get('/v1/health', { schema: { response: { 200: Type.Object({ status: Type.Literal('ok') }) } } }, async () => ({ status: 'ok' as const }));

  app.get('/v1/ready', { schema: { response: { 200: Type.Object({ status: Type.Literal('ready') }), 503: ApiErrorBody } } }, async (request) => {
    let pending: number;
    try {
      pending = await withinMs(readiness.pendingMigrations(), databaseAnswerMs);
    } catch (error) {
      request.log.warn({ err: error instanceof Error ? error.message : 'unknown' }, 'readiness: the database does not answer');
      throw new ApiError(503, 'ready/database_unreachable', 'The database does not answer');
    }
    if (pending > 0) throw new ApiError(503, 'ready/migrations_pending', `${pending} database migration(s) are not applied yet (npm run db:migrate)`);
    return { status: 'ready' as const };
  });
}

function withinMs<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
