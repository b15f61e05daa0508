import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmbeddedContext } from '../context.ts';
import { checkResetCode, confirmPasswordReset, sendPasswordResetMail } from '../passwordReset.ts';
import { missingPasswordRequirements } from '../passwords.ts';
import { normalizeEmail, OobCodeRequestBody, readBody, requireTenant, ResetPasswordBody } from '../requestBody.ts';
import { passwordPolicyError, toolkitError } from '../toolkitErrors.ts';
import { accountsPath } from './paths.ts';
import { appPortOf } from '../../../mail/appPort.ts';

/**
 * Where the reset link points: continueUrl, else the calling page's Origin (either must be one of
 * the brand's origins), else null: the brand's first origin. Never this request's Host or
 * X-Forwarded-Host.
 */
function linkBase(request: FastifyRequest, continueUrl: string | undefined): URL | null {
  const origin = request.headers.origin;
  const base = continueUrl || (typeof origin === 'string' && origin !== 'null' ? origin : null);
  if (base === null) return null;
  const url = URL.canParse(base) ? new URL(base) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw toolkitError('INVALID_CONTINUE_URI');
  return url;
}

/** accounts:sendOobCode (PASSWORD_RESET only) and accounts:resetPassword (verify, or confirm with newPassword). */
export function registerPasswordResetRoutes(app: FastifyInstance, context: EmbeddedContext) {
  app.post(accountsPath('sendOobCode'), async (request) => {
    const body = readBody(OobCodeRequestBody, request.body);
    if (!body.requestType) throw toolkitError('MISSING_REQ_TYPE');
    if (body.requestType !== 'PASSWORD_RESET') throw toolkitError('INVALID_REQ_TYPE');
    const tenantId = requireTenant(body.tenantId);
    const email = normalizeEmail(body.email);
    const base = linkBase(request, body.continueUrl);
    // Counted whether or not a mail goes out, so the limit does not reveal who has an account.
    if (!(await context.loginLimiter.allowWrite('oob', request.ip))) throw toolkitError('TOO_MANY_ATTEMPTS_TRY_LATER');
    await sendPasswordResetMail(context, { tenantId, email, linkBase: base, appPort: appPortOf(request.server) });
    return { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: body.email };
  });

  app.post(accountsPath('resetPassword'), async (request) => {
    const body = readBody(ResetPasswordBody, request.body);
    if (!body.oobCode) throw toolkitError('MISSING_OOB_CODE');
    const account = await checkResetCode(context, body.oobCode, body.tenantId);
    if (body.newPassword !== undefined) {
      const missing = missingPasswordRequirements(body.newPassword);
      if (missing.length > 0) throw passwordPolicyError(missing);
      await confirmPasswordReset(context, body.oobCode, account, body.newPassword);
    }
    return { kind: 'identitytoolkit#ResetPasswordResponse', email: account.email, requestType: 'PASSWORD_RESET' };
  });
}
