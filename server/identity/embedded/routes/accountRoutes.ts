import type { FastifyInstance } from 'fastify';
import { deleteAccount, findAccountByEmail, isUniqueViolation, updateAccount, type Account, type AccountPatch } from '../accountStore.ts';
import { nowSeconds, type EmbeddedContext } from '../context.ts';
import { hashPassword, isStrongEnough, passwordHashPlaceholder, weakPasswordMessage } from '../passwords.ts';
import { IdTokenBody, normalizeEmail, readBody, UpdateBody } from '../requestBody.ts';
import { startSession, verifyIdTokenForAccount, type SignInProvider } from '../tokens.ts';
import { toolkitError } from '../toolkitErrors.ts';
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

async function applyPatch(context: EmbeddedContext, account: Account, patch: AccountPatch) {
  try {
    const updated = await updateAccount(context.db, account.uid, patch);
    context.accountCache.delete(account.uid);
    return updated;
  } catch (error) {
    // The e-mail was taken between the check and the update.
    if (isUniqueViolation(error)) throw toolkitError('EMAIL_EXISTS');
    throw error;
  }
}

async function verifiedAccount(context: EmbeddedContext, idToken: string | undefined) {
  if (!idToken) throw toolkitError('INVALID_ID_TOKEN');
  return verifyIdTokenForAccount(context, idToken);
}

/** accounts:lookup, accounts:update, accounts:delete; the tenant comes from the ID token. */
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
    if (body.password !== undefined) {
      if (!isStrongEnough(body.password)) throw toolkitError('WEAK_PASSWORD', weakPasswordMessage);
      requireRecentLogin();
      Object.assign(patch, { passwordHash: await hashPassword(body.password), validSince: nowSeconds(context) });
    }
    if (body.email !== undefined) {
      const email = normalizeEmail(body.email, 'INVALID_EMAIL');
      requireRecentLogin();
      const holder = await findAccountByEmail(context.db, account.tenantId, email);
      if (holder && holder.uid !== account.uid) throw toolkitError('EMAIL_EXISTS');
      if (email !== account.email) Object.assign(patch, { email, emailVerified: false });
    }
    if (body.displayName !== undefined) patch.displayName = body.displayName;
    if (body.deleteAttribute?.includes('DISPLAY_NAME')) patch.displayName = null;
    const updated = Object.keys(patch).length > 0 ? await applyPatch(context, account, patch) : account;
    // Credential changes revoke older tokens (password) or change their claims (e-mail): hand out new ones.
    const credentialsChanged = patch.passwordHash !== undefined || patch.email !== undefined;
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

  app.post(accountsPath('delete'), async (request) => {
    const { claims, account } = await verifiedAccount(context, readBody(IdTokenBody, request.body).idToken);
    requireRecentSignIn(context, claims.authTime);
    await deleteAccount(context.db, account.uid);
    context.accountCache.delete(account.uid);
    return { kind: 'identitytoolkit#DeleteAccountResponse' };
  });
}
