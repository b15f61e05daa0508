import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { identityOobCodes } from '../../db/schema/identity.ts';
import { findAccountByEmail, findAccountByUid, updateAccount, type Account } from './accountStore.ts';
import { forgetAccount, nowSeconds, requireBrand, type EmbeddedContext } from './context.ts';
import { hashPassword } from './passwords.ts';
import { sha256 } from './tokens.ts';
import { toolkitError } from './toolkitErrors.ts';
import { brandOrigins, mailLinkOrigin } from '../../mail/mail.ts';

export const resetCodeLifetimeMs = 60 * 60_000;
/** Reset mails per account per code lifetime; more are silently dropped (no mail bombing). */
const resetMailsPerAccount = 5;

/**
 * Mails a reset link `${linkBase}/password_reset/<code>` if the account exists. Unknown
 * e-mails answer the same (no mail), so the endpoint does not reveal who has an account.
 * `linkBase` (the caller's continueUrl or page) must be one of the brand's origins; without one the
 * link goes to the brand's first. `appPort` is the app's port on local hosts (server/mail/mail.ts).
 */
export async function sendPasswordResetMail(
  context: EmbeddedContext,
  request: { tenantId: string; email: string; linkBase: URL | null; appPort: number },
): Promise<void> {
  const brand = await requireBrand(context, request.tenantId);
  // The link carries a code that takes over the account: it may only point at the brand's own app.
  const origin = request.linkBase ? mailLinkOrigin(request.linkBase, brand, request.appPort) : (brandOrigins(brand, request.appPort)[0] ?? null);
  if (!origin) throw toolkitError('UNAUTHORIZED_DOMAIN', 'Domain not allowlisted by project');
  const account = await findAccountByEmail(context.db, request.tenantId, request.email);
  if (!account || (await liveResetCodes(context, account.uid)) >= resetMailsPerAccount) return;
  const code = randomBytes(32).toString('base64url');
  const base = `${origin}${request.linkBase?.pathname ?? ''}`.replace(/\/+$/, '');
  const link = `${base}/password_reset/${code}`;
  await context.db.insert(identityOobCodes).values({
    codeHash: sha256(code),
    uid: account.uid,
    tenantId: account.tenantId,
    requestType: 'PASSWORD_RESET',
    expiresAt: new Date(context.now() + resetCodeLifetimeMs),
  });
  // A code whose mail failed is never seen and expires unused.
  await context.mail.send({ brandId: brand.id, to: account.email, ...resetMail(account.email, link), secrets: [code] });
}

async function liveResetCodes(context: EmbeddedContext, uid: string): Promise<number> {
  const [row] = await context.db
    .select({ codes: count() })
    .from(identityOobCodes)
    .where(and(eq(identityOobCodes.uid, uid), gt(identityOobCodes.expiresAt, new Date(context.now()))));
  return row?.codes ?? 0;
}

function resetMail(email: string, link: string) {
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    subject: 'Reset your password',
    text: `Someone asked to reset the password for ${email}.\n\nOpen this link within one hour to choose a new password:\n${link}\n\nIf you did not ask for it, you can ignore this mail.`,
    html: `<p>Someone asked to reset the password for ${escape(email)}.</p><p><a href="${escape(link)}">Choose a new password</a> (the link works for one hour).</p><p>If you did not ask for it, you can ignore this mail.</p>`,
  };
}

/** The account a usable reset code belongs to; INVALID_OOB_CODE or EXPIRED_OOB_CODE otherwise. */
export async function checkResetCode(context: EmbeddedContext, code: string, tenantId: string | undefined): Promise<Account> {
  const [stored] = await context.db.select().from(identityOobCodes).where(eq(identityOobCodes.codeHash, sha256(code))).limit(1);
  if (!stored || stored.usedAt !== null || stored.requestType !== 'PASSWORD_RESET') throw toolkitError('INVALID_OOB_CODE');
  if (tenantId !== undefined && tenantId !== stored.tenantId) throw toolkitError('INVALID_OOB_CODE');
  if (stored.expiresAt.getTime() <= context.now()) throw toolkitError('EXPIRED_OOB_CODE');
  const account = await findAccountByUid(context.db, stored.uid);
  if (!account) throw toolkitError('INVALID_OOB_CODE');
  if (account.disabled) throw toolkitError('USER_DISABLED');
  return account;
}

/** Sets the new password, uses up the code (and every other reset code of the account) and revokes older tokens. */
export async function confirmPasswordReset(context: EmbeddedContext, code: string, account: Account, newPassword: string) {
  const passwordHash = await hashPassword(newPassword);
  const usedAt = new Date(context.now());
  await context.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(identityOobCodes)
      .set({ usedAt })
      .where(and(eq(identityOobCodes.codeHash, sha256(code)), isNull(identityOobCodes.usedAt)))
      .returning();
    // Another request used the code between the check and now.
    if (!claimed) throw toolkitError('INVALID_OOB_CODE');
    await tx.update(identityOobCodes).set({ usedAt }).where(and(eq(identityOobCodes.uid, account.uid), isNull(identityOobCodes.usedAt)));
    await updateAccount(tx, account.uid, { passwordHash, emailVerified: true }, nowSeconds(context));
  });
  forgetAccount(context, account.uid);
  // A reset restores access, as the lock-out message promises.
  await context.loginLimiter.clearAccount({ tenantId: account.tenantId, email: account.email, uid: account.uid });
}
