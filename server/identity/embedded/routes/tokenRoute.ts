import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { EmbeddedContext } from '../context.ts';
import { readBody, RefreshBody } from '../requestBody.ts';
import { refreshSession } from '../tokens.ts';
import { toolkitError } from '../toolkitErrors.ts';
import { tokenPath } from './paths.ts';

/** securetoken.googleapis.com/v1/token: refresh-token exchange, form-encoded (JSON accepted too). */
export async function registerTokenRoute(app: FastifyInstance, context: EmbeddedContext) {
  // Its own plugin, so the form parser stays scoped to this route.
  await app.register(async (scope) => {
    await scope.register(formbody);
    scope.post(tokenPath, async (request) => {
      const body = readBody(RefreshBody, request.body);
      if (!body.grant_type) throw toolkitError('MISSING_GRANT_TYPE');
      if (body.grant_type !== 'refresh_token') throw toolkitError('INVALID_GRANT_TYPE');
      if (!body.refresh_token) throw toolkitError('MISSING_REFRESH_TOKEN');
      const session = await refreshSession(context, body.refresh_token);
      return {
        access_token: session.idToken,
        expires_in: session.expiresIn,
        token_type: 'Bearer',
        refresh_token: session.refreshToken,
        id_token: session.idToken,
        user_id: session.account.uid,
        project_id: context.projectId,
      };
    });
  });
}
