import { ApiError, badRequest } from '../errors.ts';
import { updateUser, type UserPatch } from '../repositories/accounts.repository.ts';
import type { BrandRow } from '../repositories/brands.repository.ts';
import { useUpResetTokens } from '../repositories/passwordResetTokens.repository.ts';
import { findUser, type UserRow } from '../repositories/users.repository.ts';
import type { UpdateUserBody } from '../../contract/account.ts';
import { optionalAddress, requireAddress, requireEmailChange, requireName, requirePassword, requirePhone } from './accountInput.ts';
import type { AccountDeps } from './accounts.ts';

const wrongPassword = () => badRequest('auth/wrong-password', 'The current password is not correct');

/** The profile fields of the body as a row patch, each checked by the contract's rules. */
function profilePatch(body: UpdateUserBody): UserPatch {
  const patch: UserPatch = {};
  if (body.firstName !== undefined) patch.firstName = requireName(body.firstName, 'first');
  if (body.lastName !== undefined) patch.lastName = requireName(body.lastName, 'last');
  if (body.phoneNumber !== undefined) patch.phoneNumber = requirePhone(body.phoneNumber);
  if (body.addressList !== undefined) patch.addressList = body.addressList.map(requireAddress);
  if (body.companyName !== undefined) patch.companyName = body.companyName?.trim() || null;
  if (body.companyAddress !== undefined) patch.companyAddress = optionalAddress(body.companyAddress);
  if (body.language !== undefined) patch.language = body.language;
  if (body.pushNotificationToken !== undefined) patch.pushNotificationToken = body.pushNotificationToken;
  return patch;
}

/**
 * PUT /v1/update/user for the caller (uid from the token, never from the body). E-mail and
 * password changes need the current password; the other fields (the language among them) do not. The identity changes come first; the profile row
 * is written last, in one transaction with the reset links it spends, and only with the fields
 * asked for. A failure undoes only the identity changes this request made: the profile row was
 * not touched, so a concurrent update of other fields is never reverted.
 */
export async function applyProfileUpdate(
  { db, identity, now }: Pick<AccountDeps, 'db' | 'identity' | 'now'>,
  { brand, uid, body, clientAddress }: { brand: BrandRow; uid: string; body: UpdateUserBody; clientAddress: string },
): Promise<UserRow> {
  const before = await findUser(db, brand.id, uid);
  if (!before) throw new ApiError(404, 'user_not_found', 'The user was not found');
  const patch = profilePatch(body);
  const email = body.email !== undefined && body.email.trim().toLowerCase() !== before.email ? requireEmailChange(body.email) : null;
  const password = body.password !== undefined ? body.password : null;
  if (email && body.currentPassword === undefined) {
    throw badRequest('auth/update-email-require-current-password', 'The current password is required to change the e-mail address');
  }
  if (password !== null && body.currentPassword === undefined) {
    throw badRequest('auth/update-password-require-current-password', 'The current password is required to change the password');
  }
  if (password !== null) requirePassword(password);
  const tenantId = brand.authTenantId;
  const currentPassword = body.currentPassword ?? '';
  if ((email || password !== null) && !(await identity.verifyPassword(tenantId, uid, currentPassword, clientAddress))) {
    throw wrongPassword();
  }

  let emailChanged = false;
  let passwordChanged = false;
  try {
    if (email) {
      await identity.updateEmail(tenantId, uid, email);
      emailChanged = true;
    }
    if (password !== null) {
      await identity.setPassword(tenantId, uid, password);
      passwordChanged = true;
    }
    const at = new Date(now());
    return await db.transaction(async (tx) => {
      const updated = await updateUser(tx, brand.id, uid, { ...patch, ...(email ? { email } : {}), updatedAt: at });
      if (!updated) throw new ApiError(404, 'user_not_found', 'The user was not found');
      // A reset link mailed before (perhaps to the old address) must not undo the change.
      if (email || password !== null) await useUpResetTokens(tx, brand.id, uid, at);
      return updated;
    });
  } catch (error) {
    // Put the identity back as it was, so the member can still sign in as before.
    if (passwordChanged) await identity.setPassword(tenantId, uid, currentPassword).catch(() => undefined);
    if (emailChanged) await identity.updateEmail(tenantId, uid, before.email).catch(() => undefined);
    throw error;
  }
}
