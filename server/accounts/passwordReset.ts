import { createHash, randomBytes } from 'node:crypto';
import { ApiError, badRequest } from '../errors.ts';
import { languageOf } from '../../domain/language.ts';
import { memberMailLanguage } from '../commerce/mailFacts.ts';
import { MailDeliveryError, mailLinkOrigin, type MailSender } from '../mail/mail.ts';
import { passwordResetMail } from '../mail/resetMail.ts';
import { updateUser } from '../repositories/accounts.repository.ts';
import {
  claimResetToken,
  countLiveResetTokens,
  findResetToken,
  insertResetToken,
  releaseResetToken,
  useUpResetTokens,
} from '../repositories/passwordResetTokens.repository.ts';
import type { PasswordResetBody, PasswordUpdateBody } from '../../contract/account.ts';
import type { BrandRow } from '../repositories/brands.repository.ts';
import type { AccountDeps } from './accounts.ts';
import { requireEmail, requirePassword } from './accountInput.ts';

export const resetTokenLifetimeMs = 60 * 60_000;
/** Live reset links per member; more requests mail nothing until one is used or expires. */
const liveTokensPerMember = 5;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const invalidToken = () => badRequest('password_reset_token_invalid', 'The reset link is not valid or was already used');

/** The link origin for an app URL that is one of the brand's origins (server/mail/mail.ts, mailLinkOrigin); brand_mismatch otherwise. */
function brandOrigin(appUrl: string, brand: { appHosts: readonly string[] }, appPort: number): string {
  const url = URL.canParse(appUrl) ? new URL(appUrl) : null;
  const origin = url ? mailLinkOrigin(url, brand, appPort) : null;
  if (!origin) throw badRequest('brand_mismatch', 'The app URL does not belong to the brand');
  return origin;
}

/**
 * The API's own password reset (any identity provider): a mailed single-use link, then the new
 * password. Only the token's SHA-256 is stored; the mail names the token as a secret the logs hide.
 */
export type ResetDeps = Pick<AccountDeps, 'db' | 'identity' | 'now'> & { mail: MailSender };

/** POST /v1/password_reset/user: mails a reset link to the member with this e-mail, pointing at the brand's own app (`appPort`: server/mail/appPort.ts). */
export async function mailResetLink(
  { db, identity, mail, now }: ResetDeps,
  brand: BrandRow,
  request: PasswordResetBody & { appPort: number; acceptLanguage: string | undefined },
): Promise<void> {
  // The link carries what takes over the account: it may only point at the brand's own app.
  const origin = brandOrigin(request.appUrl, brand, request.appPort);
  const email = requireEmail(request.email);
  const uid = await identity.findAccountByEmail(brand.authTenantId, email);
  if (!uid) throw new ApiError(404, 'password_reset_user_not_found', 'There is no user with this e-mail address');
  const createdAt = new Date(now());
  // Not an error: a stranger asking again and again must not keep the member from their reset.
  // The member still has the links already mailed.
  if ((await countLiveResetTokens(db, brand.id, uid, createdAt)) >= liveTokensPerMember) return;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(createdAt.getTime() + resetTokenLifetimeMs);
  await insertResetToken(db, { tokenHash: hashToken(token), brandId: brand.id, userId: uid, createdAt, expiresAt });
  // The member's own language when they chose one, else the app's as it asked.
  const language = await memberMailLanguage(db, brand.id, uid, languageOf(request.acceptLanguage));
  try {
    const link = `${origin}/password_reset/${token}`;
    await mail.send({ brandId: brand.id, to: email, ...passwordResetMail(brand.name, email, link, language), secrets: [token] });
  } catch (error) {
    // The token stays unused and expires; the member can ask again.
    if (error instanceof MailDeliveryError) throw new ApiError(503, 'mail_unavailable', 'The mail could not be sent just now; try again later');
    throw error;
  }
}

/** PUT /v1/password_update/user: the link's token sets the new password, once. */
export async function resetPassword({ db, identity, now }: ResetDeps, brand: BrandRow, { verificationId, password }: PasswordUpdateBody): Promise<void> {
  if (!verificationId) throw invalidToken();
  const tokenHash = hashToken(verificationId);
  const stored = await findResetToken(db, tokenHash);
  if (!stored || stored.usedAt !== null || stored.brandId !== brand.id) throw invalidToken();
  if (stored.expiresAt.getTime() <= now()) throw badRequest('password_reset_token_expired', 'The reset link has expired');
  const newPassword = requirePassword(password);

  const usedAt = new Date(now());
  // Only one request can use a token, however many arrive together.
  const claimed = await claimResetToken(db, tokenHash, usedAt);
  if (!claimed) throw invalidToken();
  try {
    await identity.setPassword(brand.authTenantId, claimed.userId, newPassword);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'auth/user-not-found') throw invalidToken();
    await releaseResetToken(db, tokenHash);
    throw error;
  }
  await useUpResetTokens(db, brand.id, claimed.userId, usedAt);
  // From now on the member knows the password: set-up, if still ahead, does not ask for one.
  await updateUser(db, brand.id, claimed.userId, { passwordChosen: true });
}
