import type { FastifyInstance } from 'fastify';
import { findAccountByUid } from '../accountStore.ts';
import { requireBrand, type EmbeddedContext } from '../context.ts';
import { attemptPasswordSignIn, createPasswordAccount, markSignedIn } from '../passwordAccounts.ts';
import { isStrongEnough, weakPasswordMessage } from '../passwords.ts';
import { CredentialsBody, CustomTokenBody, normalizeEmail, readBody, requireTenant } from '../requestBody.ts';
import { readCustomToken, startSession } from '../tokens.ts';
import { toolkitError } from '../toolkitErrors.ts';
import { accountsPath } from './paths.ts';

const tooManyAttempts =
  'Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.';

/** accounts:signUp, accounts:signInWithPassword, accounts:signInWithCustomToken. */
export function registerSignInRoutes(app: FastifyInstance, context: EmbeddedContext) {
  app.post(accountsPath('signUp'), async (request) => {
    const body = readBody(CredentialsBody, request.body);
    const tenantId = requireTenant(body.tenantId);
    await requireBrand(context, tenantId);
    const email = normalizeEmail(body.email);
    if (!body.password) throw toolkitError('MISSING_PASSWORD');
    if (!isStrongEnough(body.password)) throw toolkitError('WEAK_PASSWORD', weakPasswordMessage);
    if (!(await context.loginLimiter.allowWrite('signup', request.ip))) throw toolkitError('TOO_MANY_ATTEMPTS_TRY_LATER');
    const created = await createPasswordAccount(context, { tenantId, email, password: body.password, displayName: body.displayName });
    if (created === 'email-taken') throw toolkitError('EMAIL_EXISTS');
    if (created === 'uid-taken') throw new Error('generated uid collided with an existing account');
    const account = await markSignedIn(context, created);
    const session = await startSession(context, account, 'password');
    return { kind: 'identitytoolkit#SignupNewUserResponse', localId: account.uid, email: account.email, ...session };
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
