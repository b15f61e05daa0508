import type { FastifyInstance } from 'fastify';
import type { EmbeddedContext } from '../context.ts';
import { answerToolkitError, toolkitError } from '../toolkitErrors.ts';
import { registerAccountRoutes } from './accountRoutes.ts';
import { registerPasswordResetRoutes } from './passwordResetRoutes.ts';
import { registerSignInRoutes } from './signInRoutes.ts';
import { registerTokenRoute } from './tokenRoute.ts';
import { jwksPath } from './paths.ts';

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
      registerSignInRoutes(protocol, context);
      registerAccountRoutes(protocol, context);
      registerPasswordResetRoutes(protocol, context);
      await registerTokenRoute(protocol, context);
    });
  });
}
