import type { FastifyBaseLogger } from 'fastify';
import type { CompleteOnboardingBody, CreateUserBody, CreateUserReply } from '../../contract/account.ts';
import type { User } from '../../contract/user.ts';
import { fullNameOf } from '../../domain/names.ts';
import type { CommerceDeps } from '../commerce/context.ts';
import { leaveAllWaitingLists } from '../commerce/waitingList.ts';
import type { Database } from '../db/database.ts';
import { ApiError, badRequest } from '../errors.ts';
import { isUniqueViolation } from '../identity/embedded/accountStore.ts';
import type { IdentityProvider } from '../identity/identity.ts';
import { claimOnboarding, deleteMember, insertMember, isSsnTaken, restoreMember, undoOnboarding } from '../repositories/accounts.repository.ts';
import type { BrandRow } from '../repositories/brands.repository.ts';
import { useUpResetTokens } from '../repositories/passwordResetTokens.repository.ts';
import { findUser } from '../repositories/users.repository.ts';
import {
  generateTemporaryPassword,
  optionalText,
  requireAddress,
  requireEmail,
  requireEmailChange,
  requireName,
  requirePassword,
  requirePhone,
  requireReferralCode,
  requireSsn,
} from './accountInput.ts';
import { toUser, userAnswer, userNotFound } from './members.ts';

/**
 * A member's account (docs/identity.md): sign-up, the set-up that completes it, and deletion. The
 * identity account and our profile row change together: each step that fails undoes what this
 * request did, and only that.
 */

/** What the account rules run on; the app builds it once (server/app.ts). */
export interface AccountDeps {
  db: Database;
  identity: IdentityProvider;
  commerce: CommerceDeps;
  now: () => number;
}

/** The member a call is made for, with their brand and the sign-in time of their ID token (seconds). */
export interface SignedInMember {
  brand: BrandRow;
  uid: string;
  authTime: number;
}

/** How recent the sign-in behind the token must be to delete the account. */
export const recentSignInMs = 5 * 60_000;

export const accountRefusals = {
  brandMismatch: () => badRequest('brand_mismatch', 'The brand does not match the app URL'),
  termsNotAccepted: () => badRequest('create_need_to_accept_terms', 'The terms must be accepted'),
  ssnTaken: () => new ApiError(409, 'auth/ssn-already-exists', 'The personal number is already registered'),
  alreadyCompleted: () => new ApiError(409, 'user/onboarding-already-completed', 'The set-up is already completed'),
  emailTaken: () => new ApiError(409, 'auth/email-already-exists', 'The e-mail address is already in use by another account'),
  // A token alone (e.g. left in an unlocked phone) must not end the account: 403, not 401, so the
  // client asks for the password instead of treating it as a lost session.
  signInAgain: () => new ApiError(403, 'auth/requires-recent-login', 'Sign in again to delete the account'),
};

/** POST /v1/create/user: the identity account first (its unique e-mail settles concurrent sign-ups), then the profile and role. */
export async function createMemberAccount(
  { db, identity, now }: AccountDeps,
  brand: BrandRow,
  body: CreateUserBody,
  log: FastifyBaseLogger,
): Promise<CreateUserReply> {
  if (body.brandId !== brand.id) throw accountRefusals.brandMismatch();
  if (body.termsAccepted !== true) throw accountRefusals.termsNotAccepted();
  const email = requireEmail(body.email);
  const ssnMode = brand.settings.verifyWithSsn;
  const ssn = ssnMode || optionalText(body.ssn) ? requireSsn(body.ssn) : null;
  const firstName = ssnMode ? (optionalText(body.firstName) ?? '') : requireName(body.firstName, 'first');
  const lastName = ssnMode ? (optionalText(body.lastName) ?? '') : requireName(body.lastName, 'last');
  const phoneNumber = optionalText(body.phoneNumber) ? requirePhone(body.phoneNumber) : null;
  const addressGiven = [body.street, body.zipCode, body.city].some((part) => optionalText(part) !== undefined);
  const addressList = addressGiven ? [requireAddress(body)] : [];
  const tempPassword = body.password === undefined ? generateTemporaryPassword() : null;
  const password = tempPassword ?? requirePassword(body.password);
  if (ssn && (await isSsnTaken(db, brand.id, ssn))) throw accountRefusals.ssnTaken();

  const uid = await identity
    .createAccount({ tenantId: brand.authTenantId, email, password, displayName: fullNameOf(firstName, lastName) || undefined })
    .catch((error: unknown) => {
      // Real Firebase may refuse an address our rule let through.
      if (error instanceof ApiError && error.code === 'auth/invalid-email') throw badRequest('user/email-invalid', 'The e-mail address is not valid');
      throw error;
    });
  try {
    const user = await db.transaction((tx) =>
      insertMember(tx, {
        brandId: brand.id,
        id: uid,
        email,
        firstName,
        lastName,
        ssn,
        phoneNumber,
        addressList,
        completedOnboarding: false,
        passwordChosen: tempPassword === null,
        termsAcceptedAt: new Date(now()),
      }),
    );
    // A new member has no favourite categories yet.
    return { user: toUser(user, []), tempPassword };
  } catch (error) {
    // The profile could not be written: the identity account goes again.
    await identity.deleteAccount(brand.authTenantId, uid).catch((undoError: unknown) => {
      log.error({ err: undoError, uid }, 'could not delete the identity account of a failed sign-up');
    });
    if (isUniqueViolation(error)) throw accountRefusals.ssnTaken();
    throw error;
  }
}

/** POST /v1/complete_onboardning/user: claimed first, so a second set-up running at the same time gets 409 and changes nothing. */
export async function completeOnboarding({ db, identity, now }: AccountDeps, { brand, uid }: SignedInMember, body: CompleteOnboardingBody): Promise<User> {
  const before = await findUser(db, brand.id, uid);
  if (!before) throw userNotFound();
  if (before.completedOnboarding) throw accountRefusals.alreadyCompleted();
  const email = body.email !== undefined && body.email.trim().toLowerCase() !== before.email ? requireEmailChange(body.email) : null;
  const phoneNumber = requirePhone(body.phoneNumber);
  // A password the member chose at sign-up is not asked again; a generated one must be replaced.
  const password = body.password !== undefined || !before.passwordChosen ? requirePassword(body.password) : null;
  const referralCode = requireReferralCode(brand.settings, body.referralCode);
  const holder = email ? await identity.findAccountByEmail(brand.authTenantId, email) : null;
  if (holder && holder !== uid) throw accountRefusals.emailTaken();

  const claim = {
    phoneNumber,
    referralCode,
    ...(email ? { email } : {}),
    ...(password ? { passwordChosen: true } : {}),
    updatedAt: new Date(now()),
  };
  const claimed = await claimOnboarding(db, brand.id, uid, claim);
  if (!claimed) throw accountRefusals.alreadyCompleted();
  let emailChanged = false;
  try {
    if (email) {
      await identity.updateEmail(brand.authTenantId, uid, email);
      emailChanged = true;
    }
    if (password) await identity.setPassword(brand.authTenantId, uid, password);
    // Reset links mailed before the new password or to the old address are spent.
    if (password || email) await useUpResetTokens(db, brand.id, uid, new Date(now()));
  } catch (error) {
    if (emailChanged) await identity.updateEmail(brand.authTenantId, uid, before.email).catch(() => undefined);
    await undoOnboarding(db, before, claimed, Object.keys(claim) as (keyof typeof claim)[]);
    throw error;
  }
  return userAnswer(db, claimed);
}

/** DELETE /v1/delete/user: only within `recentSignInMs` of a sign-in; profile and role come back if the identity account cannot go. */
export async function deleteMemberAccount(deps: AccountDeps, { brand, uid, authTime }: SignedInMember): Promise<void> {
  const { db, identity, now } = deps;
  if (now() - authTime * 1000 > recentSignInMs) throw accountRefusals.signInAgain();
  const removed = await db.transaction((tx) => deleteMember(tx, brand.id, uid));
  try {
    await identity.deleteAccount(brand.authTenantId, uid);
  } catch (error) {
    await db.transaction((tx) => restoreMember(tx, removed));
    throw error;
  }
  // Gone for good: its places in line (and any held for it) pass to the next members.
  await leaveAllWaitingLists(deps.commerce, { brandId: brand.id, userId: uid });
}
