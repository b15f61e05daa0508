import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findAccountByUid, type Account } from '../accountStore.ts';
import type { EmbeddedContext } from '../context.ts';
import { deviceCookie, findTrustedDevice, issueDeviceToken, readDeviceCookie } from '../deviceTokens.ts';
import { attemptPasswordSignIn, markSignedIn } from '../passwordAccounts.ts';
import { CredentialsBody, CustomTokenBody, normalizeEmail, readBody, requireTenant } from '../requestBody.ts';
import { readCustomToken, startSession } from '../tokens.ts';
import { toolkitError } from '../toolkitErrors.ts';
import { accountsPath } from './paths.ts';

/** The refusal's detail (the SDK shows its own text for TOO_MANY_ATTEMPTS_TRY_LATER; the app its translated one). */
const tooManyAttempts = (seconds: number) =>
  `Too many failed sign-ins: password sign-in to this account from this device opens again in ${seconds} second${seconds === 1 ? '' : 's'}. Sign in with BankID, or open it at once by resetting your password.`;

/**
 * Hands the device a new device token after a successful sign-in (rotating away the one it sent):
 * an HttpOnly cookie for the identity calls of this origin, Secure on https.
 */
async function trustThisDevice(context: EmbeddedContext, request: FastifyRequest, reply: FastifyReply, account: Account) {
  const token = await issueDeviceToken(context, account, readDeviceCookie(request.headers.cookie));
  reply.header('set-cookie', deviceCookie(token, request.protocol === 'https'));
}

/** accounts:signUp (refused), accounts:signInWithPassword, accounts:signInWithCustomToken. */
export function registerSignInRoutes(app: FastifyInstance, context: EmbeddedContext) {
  // Accounts are created through the API (POST /v1/create/user), which creates the member profile with them.
  app.post(accountsPath('signUp'), async () => {
    throw toolkitError('ADMIN_ONLY_OPERATION');
  });

  app.post(accountsPath('signInWithPassword'), async (request, reply) => {
    const body = readBody(CredentialsBody, request.body);
    const tenantId = requireTenant(body.tenantId);
    const email = normalizeEmail(body.email, 'INVALID_EMAIL');
    if (!body.password) throw toolkitError('MISSING_PASSWORD');
    const presented = readDeviceCookie(request.headers.cookie);
    const trustedDevice = presented ? await findTrustedDevice(context, presented, { tenantId, email }) : null;
    const result = await attemptPasswordSignIn(context, { tenantId, email, password: body.password, address: request.ip, trustedDevice });
    if (result.outcome === 'blocked') {
      const seconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
      reply.header('retry-after', String(seconds));
      throw toolkitError('TOO_MANY_ATTEMPTS_TRY_LATER', tooManyAttempts(seconds));
    }
    if (result.outcome === 'failed') throw toolkitError('INVALID_LOGIN_CREDENTIALS');
    if (result.account.disabled) throw toolkitError('USER_DISABLED');
    const account = await markSignedIn(context, result.account);
    const session = await startSession(context, account, 'password');
    await trustThisDevice(context, request, reply, account);
    return {
      kind: 'identitytoolkit#VerifyPasswordResponse',
      localId: account.uid,
      email: account.email,
      displayName: account.displayName ?? '',
      registered: true,
      ...session,
    };
  });

  app.post(accountsPath('signInWithCustomToken'), async (request, reply) => {
    const body = readBody(CustomTokenBody, request.body);
    if (!body.token) throw toolkitError('MISSING_CUSTOM_TOKEN');
    const token = await readCustomToken(context, body.token);
    if (body.tenantId !== undefined && body.tenantId !== token.tenantId) throw toolkitError('TENANT_ID_MISMATCH');
    const found = await findAccountByUid(context.db, token.uid);
    if (!found || found.tenantId !== token.tenantId) throw toolkitError('USER_NOT_FOUND');
    if (found.disabled) throw toolkitError('USER_DISABLED');
    const account = await markSignedIn(context, found);
    const session = await startSession(context, account, 'custom');
    // Bank eID proved the member on this device: it becomes one they signed in on before.
    await trustThisDevice(context, request, reply, account);
    return { kind: 'identitytoolkit#VerifyCustomTokenResponse', isNewUser: false, ...session };
  });
}
