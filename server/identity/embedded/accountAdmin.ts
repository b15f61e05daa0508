import { ApiError } from '../../errors.ts';
import { deleteAccount, findAccountByEmail, findAccountByUid, isUniqueViolation, updateAccount, type Account } from './accountStore.ts';
import { forgetAccount, nowSeconds, type EmbeddedContext } from './context.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { isValidEmail } from './requestBody.ts';

const emailTaken = () => new ApiError(409, 'auth/email-already-exists', 'The e-mail address is already in use by another account');
const tooManyAttempts = () =>
  new ApiError(429, 'auth/too-many-attempts', 'Access to this account has been temporarily disabled due to many failed attempts');

/** The admin side of the embedded provider (what firebase-admin does for real Firebase). */
export function createAccountAdmin(context: EmbeddedContext) {
  async function accountIn(tenantId: string, uid: string): Promise<Account> {
    const account = await findAccountByUid(context.db, uid);
    if (!account || account.tenantId !== tenantId) throw new ApiError(404, 'auth/user-not-found', 'There is no account with this uid in the tenant');
    return account;
  }

  return {
    async setPassword(tenantId: string, uid: string, password: string): Promise<void> {
      const account = await accountIn(tenantId, uid);
      // Revokes every ID and refresh token issued before, as a reset does.
      await updateAccount(context.db, account.uid, { passwordHash: await hashPassword(password) }, nowSeconds(context));
      forgetAccount(context, account.uid);
      // The owner chose a new password (a reset through the API, or the profile): failures so far no longer count.
      await context.loginLimiter.clearAccount({ tenantId, email: account.email, uid });
    },

    async updateEmail(tenantId: string, uid: string, email: string): Promise<void> {
      const normalized = email.trim().toLowerCase();
      if (!isValidEmail(normalized)) throw new ApiError(400, 'auth/invalid-email', 'The e-mail address is not valid');
      const account = await accountIn(tenantId, uid);
      if (account.email === normalized) return;
      const holder = await findAccountByEmail(context.db, tenantId, normalized);
      if (holder) throw emailTaken();
      try {
        // Tokens name the e-mail: those issued before the change stop working.
        await updateAccount(context.db, account.uid, { email: normalized, emailVerified: false }, nowSeconds(context));
      } catch (error) {
        // Taken between the check and the update.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      forgetAccount(context, account.uid);
    },

    async verifyPassword(tenantId: string, uid: string, password: string, _clientAddress: string): Promise<boolean> {
      const account = await accountIn(tenantId, uid);
      const outcome = await context.loginLimiter.reauthenticate({ uid }, () =>
        verifyPassword(password, account.passwordHash),
      );
      if (outcome === 'blocked') throw tooManyAttempts();
      return outcome === 'succeeded';
    },

    async deleteAccount(tenantId: string, uid: string): Promise<void> {
      const account = await findAccountByUid(context.db, uid);
      if (!account || account.tenantId !== tenantId) return;
      await context.db.transaction((tx) => deleteAccount(tx, uid));
      forgetAccount(context, uid);
    },
  };
}
