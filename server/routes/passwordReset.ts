import { appPortOf } from '../mail/appPort.ts';
import { EmptyReply, PasswordResetBody, PasswordUpdateBody } from '../../contract/account.ts';
import { ApiErrorBody } from '../../contract/common.ts';
import type { App, RouteDeps } from './types.ts';

/** The API's own reset flow (server/accounts/passwordReset.ts decides). */
export async function passwordResetRoutes(app: App, deps: RouteDeps) {
  const { brands, accountLimits, passwordReset, limitPerAddress } = deps;

  app.post(
    '/v1/password_reset/user',
    {
      onRequest: limitPerAddress({ bucket: 'reset-mail', max: accountLimits.resetPerWindow, windowMs: accountLimits.windowMs }),
      schema: { body: PasswordResetBody, response: { 200: EmptyReply, '4xx': ApiErrorBody } },
    },
    async (request) => {
      const brand = await brands.forRequest(request);
      await passwordReset.mailLink(brand, { ...request.body, appPort: appPortOf(request.server), acceptLanguage: request.headers['accept-language'] });
      return {};
    },
  );

  app.put(
    '/v1/password_update/user',
    { schema: { body: PasswordUpdateBody, response: { 200: EmptyReply, '4xx': ApiErrorBody } } },
    async (request) => {
      await passwordReset.reset(await brands.forRequest(request), request.body);
      return {};
    },
  );
}
