import type { FastifyInstance } from 'fastify';
import { findAccountByUid } from '../accountStore.ts';
import type { EmbeddedContext } from '../context.ts';
import { attemptPasswordSignIn, markSignedIn } from '../passwordAccounts.ts';
import { CredentialsBody, CustomTokenBody, normalizeEmail, readBody, requireTenant } from '../requestBody.ts';
import { readCustomToken, startSession } from '../tokens.ts';
import { toolkitError } from '../toolkitErrors.ts';
import { accountsPath } from './paths.ts';

const tooManyAttempts =
  'Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.';

/** accounts:signUp (refused), accounts:signInWithPassword, accounts:signInWithCustomToken. */
export function registerSignInRoutes(app: FastifyInstance, context: EmbeddedContext) {
  // Accounts are created through the API (POST /v1/create/user), which creates the member profile with them.
  app.post(accountsPath('signUp'), async () => {
    throw toolkitError('ADMIN_ONLY_OPERATION');
  });

  app.post(accountsPath('signInWithPassword'), async (request) => {
    const body = readBody(CredentialsBody, request.body);
    const tenantId = requireTenant(body.tenantId);
    const email = normalizeEmail(body.email, 'INVALID_EMAIL');
    if (!body.password) throw toolkitError('MISSING_PASSWORD');
    const result = await attemptPasswordSignIn(context, { tenantId, email, password: body.password, address: request.ip });
    if (result.outcome === 'blocked') throw toolkitError('TOO_MANY_ATTEMPTS_TRY_LATER', tooManyAttempts);
    if (result.outcome === 'failed') throw toolkitError('INVALID_LOGIN_CREDENTIALS');
    if (result.account.disabled) throw toolkitError('USER_DISABLED');
    const account = await markSignedIn(context, result.account);
    const session = await startSession(context, account, 'password');
    return {
      kind: 'identitytoolkit#VerifyPasswordResponse',
      localId: account.uid,
      email: account.email,
      displayName: account.displayName ?? '',
      registered: true,
      ...session,
    };
  });

  app.post(accountsPath('signInWithCustomToken'), async (request) => {
    const body = readBody(CustomTokenBody, request.body);
    if (!body.token) throw toolkitError('MISSING_CUSTOM_TOKEN');
    const token = await readCustomToken(context, body.token);
    if (body.tenantId !== undefined && body.tenantId !== token.tenantId) throw toolkitError('TENANT_ID_MISMATCH');
    const found = await findAccountByUid(context.db, token.uid);
    if (!found || found.tenantId !== token.tenantId) throw toolkitError('USER_NOT_FOUND');
    if (found.disabled) throw toolkitError('USER_DISABLED');
    const account = await markSignedIn(context, found);
    const session = await startSession(context, account, 'custom');
    return { kind: 'identitytoolkit#VerifyCustomTokenResponse', isNewUser: false, ...session };
  });
}
