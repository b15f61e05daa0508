import type { FastifyInstance } from 'fastify';
import { updateAccount, type Account, type AccountPatch } from '../accountStore.ts';
import { forgetAccount, nowSeconds, type EmbeddedContext } from '../context.ts';
import { hashPassword, missingPasswordRequirements, passwordHashPlaceholder } from '../passwords.ts';
import { IdTokenBody, readBody, UpdateBody } from '../requestBody.ts';
import { startSession, verifyIdTokenForAccount, type SignInProvider } from '../tokens.ts';
import { passwordPolicyError, toolkitError } from '../toolkitErrors.ts';
import { accountsPath } from './paths.ts';

/** Changing password or e-mail, or deleting the account, needs a sign-in within this many seconds, as at Firebase. */
const recentLoginSeconds = 5 * 60;

function requireRecentSignIn(context: EmbeddedContext, authTime: number) {
  if (nowSeconds(context) - authTime > recentLoginSeconds) throw toolkitError('CREDENTIAL_TOO_OLD_LOGIN_AGAIN');
}

/** The user record as accounts:lookup answers it; never the real password hash. */
export function toUserInfo(account: Account) {
  const lastLoginAt = account.lastLoginAt ?? account.createdAt;
  return {
    localId: account.uid,
    email: account.email,
    emailVerified: account.emailVerified,
    displayName: account.displayName ?? undefined,
    phoneNumber: account.phoneNumber ?? undefined,
    tenantId: account.tenantId,
    passwordHash: passwordHashPlaceholder,
    passwordUpdatedAt: account.validSince * 1000,
    validSince: String(account.validSince),
    disabled: account.disabled,
    providerUserInfo: [
      {
        providerId: 'password',
        email: account.email,
        federatedId: account.email,
        rawId: account.email,
        displayName: account.displayName ?? undefined,
      },
    ],
    createdAt: String(account.createdAt.getTime()),
    lastLoginAt: String(lastLoginAt.getTime()),
    lastRefreshAt: lastLoginAt.toISOString(),
  };
}

async function applyPatch(context: EmbeddedContext, account: Account, patch: AccountPatch, revoke: boolean) {
  const updated = await updateAccount(context.db, account.uid, patch, revoke ? nowSeconds(context) : undefined);
  forgetAccount(context, account.uid);
  return updated;
}

async function verifiedAccount(context: EmbeddedContext, idToken: string | undefined) {
  if (!idToken) throw toolkitError('INVALID_ID_TOKEN');
  return verifyIdTokenForAccount(context, idToken);
}

/**
 * accounts:lookup and accounts:update (display name, password); the tenant comes from the ID
 * token. E-mail changes and deletion go through the API, which keeps the member profile in step
 * (and asks for the current password): here they are refused as Identity Platform refuses them
 * when configured so.
 */
export function registerAccountRoutes(app: FastifyInstance, context: EmbeddedContext) {
  app.post(accountsPath('lookup'), async (request) => {
    const { account } = await verifiedAccount(context, readBody(IdTokenBody, request.body).idToken);
    return { kind: 'identitytoolkit#GetAccountInfoResponse', users: [toUserInfo(account)] };
  });

  app.post(accountsPath('update'), async (request) => {
    const body = readBody(UpdateBody, request.body);
    const { claims, account } = await verifiedAccount(context, body.idToken);
    const patch: AccountPatch = {};
    const requireRecentLogin = () => requireRecentSignIn(context, claims.authTime);
    if (body.email !== undefined) throw toolkitError('OPERATION_NOT_ALLOWED', 'Change the e-mail address through the app, with the current password');
    if (body.password !== undefined) {
      const missing = missingPasswordRequirements(body.password);
      if (missing.length > 0) throw passwordPolicyError(missing);
      requireRecentLogin();
      patch.passwordHash = await hashPassword(body.password);
    }
    if (body.displayName !== undefined) patch.displayName = body.displayName;
    if (body.deleteAttribute?.includes('DISPLAY_NAME')) patch.displayName = null;
    // A new password revokes every older token, exactly: hand out new ones.
    const credentialsChanged = patch.passwordHash !== undefined;
    const updated = Object.keys(patch).length > 0 ? await applyPatch(context, account, patch, credentialsChanged) : account;
    const provider = (claims.signInProvider ?? 'password') as SignInProvider;
    const session = credentialsChanged ? await startSession(context, updated, provider) : {};
    const { localId, email, displayName, emailVerified, providerUserInfo, passwordHash } = toUserInfo(updated);
    return {
      kind: 'identitytoolkit#SetAccountInfoResponse',
      localId,
      email,
      displayName: displayName ?? '',
      emailVerified,
      providerUserInfo,
      passwordHash,
      ...session,
    };
  });

  app.post(accountsPath('delete'), async () => {
    throw toolkitError('ADMIN_ONLY_OPERATION');
  });
}
