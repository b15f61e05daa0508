import type { FastifyInstance } from 'fastify';
import type { EmbeddedContext } from '../context.ts';
import { passwordPolicyResponse } from '../passwords.ts';
import { isValidTenantId } from '../requestBody.ts';
import { answerToolkitError, toolkitError, toolkitNotFound } from '../toolkitErrors.ts';
import { registerAccountRoutes } from './accountRoutes.ts';
import { registerPasswordResetRoutes } from './passwordResetRoutes.ts';
import { registerSignInRoutes } from './signInRoutes.ts';
import { registerTokenRoute } from './tokenRoute.ts';
import { jwksPath, passwordPolicyPath } from './paths.ts';

/**
 * The Firebase Auth emulator protocol plus the public key set, in one encapsulated plugin:
 * its error handler and form parser do not leak into the rest of the app.
 */
export async function registerEmbeddedRoutes(app: FastifyInstance, context: EmbeddedContext) {
  await app.register(async (scope) => {
    scope.get(jwksPath, async () => context.signingKey.publicJwks);
    await scope.register(async (protocol) => {
      protocol.setErrorHandler(answerToolkitError);
      protocol.addHook('onRequest', async (request) => {
        const { key } = request.query as { key?: unknown };
        if (typeof key !== 'string' || key === '') throw toolkitError('API_KEY_INVALID', 'API key not valid. Please pass a valid API key.');
      });
      // What the firebase SDK's validatePassword asks; one policy for every tenant.
      protocol.get(passwordPolicyPath, async (request) => {
        const { tenantId } = request.query as { tenantId?: unknown };
        if (tenantId !== undefined && (typeof tenantId !== 'string' || !isValidTenantId(tenantId))) throw toolkitError('INVALID_TENANT_ID');
        return passwordPolicyResponse;
      });
      // Any other path or method of the protocol hosts answers in the protocol's shape, not the API's.
      for (const host of ['identitytoolkit.googleapis.com', 'securetoken.googleapis.com']) {
        protocol.all(`/${host}/*`, async () => {
          throw toolkitNotFound();
        });
      }
      registerSignInRoutes(protocol, context);
      registerAccountRoutes(protocol, context);
      registerPasswordResetRoutes(protocol, context);
      await registerTokenRoute(protocol, context);
    });
  });
}
