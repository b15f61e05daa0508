import { leaveAllWaitingLists } from '../commerce/waitingList.ts';
import { Type } from 'typebox';
import { ApiError, badRequest } from '../errors.ts';
import { isUniqueViolation } from '../identity/embedded/accountStore.ts';
import { rateLimited } from '../plugins/rateLimit.ts';
import { findUser } from '../repositories/users.repository.ts';
import { useUpResetTokens } from '../repositories/passwordResetTokens.repository.ts';
import { claimOnboarding, deleteMember, insertMember, isSsnTaken, restoreMember, undoOnboarding } from '../repositories/accounts.repository.ts';
import { CompleteOnboardingBody, CreateUserBody, CreateUserReply, UpdateUserBody } from '../../contract/account.ts';
import { ApiErrorBody } from '../../contract/common.ts';
import { User } from '../../contract/user.ts';
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
import { applyProfileUpdate } from './profileUpdate.ts';
import type { App, RouteDeps } from './types.ts';
import { toUser, userAnswer } from './user.ts';

const ssnTaken = () => new ApiError(409, 'auth/ssn-already-exists', 'The personal number is already registered');
const userNotFound = () => new ApiError(404, 'user_not_found', 'The user was not found');

/** Create account, complete set-up, update profile, delete account (contract: /tmp/accounts-api.md). */
export async function accountRoutes(app: App, deps: RouteDeps) {
  const { db, identity, brands, requireMember, accountLimits } = deps;
  const now = deps.now ?? Date.now;

  app.post(
    '/v1/create/user',
    {
      onRequest: rateLimited(deps, { bucket: 'create-user', max: accountLimits.createPerWindow, windowMs: accountLimits.windowMs }),
      // The answer carries the temporary password: no cache may keep it.
      onSend: async (_request, reply, payload) => {
        reply.header('cache-control', 'no-store');
        return payload;
      },
      schema: { body: CreateUserBody, response: { 200: CreateUserReply, '4xx': ApiErrorBody } },
    },
    async (request) => {
      const brand = await brands.forRequest(request);
      const body = request.body;
      if (body.brandId !== brand.id) throw badRequest('brand_mismatch', 'The brand does not match the app URL');
      if (body.termsAccepted !== true) throw badRequest('create_need_to_accept_terms', 'The terms must be accepted');
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
      if (ssn && (await isSsnTaken(db, brand.id, ssn))) throw ssnTaken();

      // The identity account first (its unique e-mail settles concurrent sign-ups), then the
      // profile and role in one transaction; if that fails the account is deleted again.
      const uid = await identity.createAccount({
        tenantId: brand.authTenantId,
        email,
        password,
        displayName: [firstName, lastName].filter(Boolean).join(' ') || undefined,
      }).catch((error: unknown) => {
        // Real Firebase may refuse an address our rule let through.
        if (error instanceof ApiError && error.code === 'auth/invalid-email') throw badRequest('user/email-invalid', 'The e-mail address is not valid');
        throw error;
      });
      try {
        const user = await db.transaction((tx) => insertMember(tx, {
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
        }));
        // A new member has no favourite categories yet.
        return { user: toUser(user, []), tempPassword };
      } catch (error) {
        await identity.deleteAccount(brand.authTenantId, uid).catch((undoError: unknown) => {
          request.log.error({ err: undoError, uid }, 'could not delete the identity account of a failed sign-up');
        });
        if (isUniqueViolation(error)) throw ssnTaken();
        throw error;
      }
    },
  );

  app.post(
    '/v1/complete_onboardning/user',
    {
      preHandler: requireMember,
      schema: { body: CompleteOnboardingBody, response: { 200: User, '4xx': ApiErrorBody } },
    },
    async (request) => {
      const { brand, token } = request.member;
      const before = await findUser(db, brand.id, token.uid);
      if (!before) throw userNotFound();
      if (before.completedOnboarding) throw alreadyCompleted();
      const body = request.body;
      const email = body.email !== undefined && body.email.trim().toLowerCase() !== before.email ? requireEmailChange(body.email) : null;
      const phoneNumber = requirePhone(body.phoneNumber);
      // A password the member chose at sign-up is not asked again; a generated one must be replaced.
      const password = body.password !== undefined || !before.passwordChosen ? requirePassword(body.password) : null;
      const referralCode = requireReferralCode(brand.settings, body.referralCode);
      const holder = email ? await identity.findAccountByEmail(brand.authTenantId, email) : null;
      if (holder && holder !== token.uid) throw emailTaken();

      // Claimed first, so a second set-up running at the same time gets 409 and changes nothing.
      const claim = {
        phoneNumber,
        referralCode,
        ...(email ? { email } : {}),
        ...(password ? { passwordChosen: true } : {}),
        updatedAt: new Date(now()),
      };
      const claimed = await claimOnboarding(db, brand.id, token.uid, claim);
      if (!claimed) throw alreadyCompleted();
      let emailChanged = false;
      try {
        if (email) {
          await identity.updateEmail(brand.authTenantId, token.uid, email);
          emailChanged = true;
        }
        if (password) await identity.setPassword(brand.authTenantId, token.uid, password);
        // Reset links mailed before the new password or to the old address are spent.
        if (password || email) await useUpResetTokens(db, brand.id, token.uid, new Date(now()));
      } catch (error) {
        if (emailChanged) await identity.updateEmail(brand.authTenantId, token.uid, before.email).catch(() => undefined);
        await undoOnboarding(db, before, claimed, Object.keys(claim) as (keyof typeof claim)[]);
        throw error;
      }
      return userAnswer(db, claimed);
    },
  );

  app.put(
    '/v1/update/user',
    { preHandler: requireMember, schema: { body: UpdateUserBody, response: { 200: User, '4xx': ApiErrorBody } } },
    async (request) => {
      const { brand, token } = request.member;
      return userAnswer(db, await applyProfileUpdate(deps, { brand, uid: token.uid, body: request.body, clientAddress: request.ip }));
    },
  );

  app.delete(
    '/v1/delete/user',
    { preHandler: requireMember, schema: { response: { 204: Type.Null(), '4xx': ApiErrorBody } } },
    async (request, reply) => {
      const { brand, token } = request.member;
      // A token alone (e.g. left in an unlocked phone) must not end the account: 403, not 401,
      // so the client asks for the password instead of treating it as a lost session.
      if (now() - token.authTime * 1000 > recentSignInMs) {
        throw new ApiError(403, 'auth/requires-recent-login', 'Sign in again to delete the account');
      }
      // Profile and role go in one transaction; if the identity account cannot be deleted they come back.
      const removed = await db.transaction((tx) => deleteMember(tx, brand.id, token.uid));
      try {
        await identity.deleteAccount(brand.authTenantId, token.uid);
      } catch (error) {
        await db.transaction((tx) => restoreMember(tx, removed));
        throw error;
      }
      // Gone for good: its places in line (and any held for it) pass to the next members.
      await leaveAllWaitingLists(deps.commerce, { brandId: brand.id, userId: token.uid });
      return reply.status(204).send(null);
    },
  );
}

/** How recent the sign-in behind the token must be to delete the account. */
const recentSignInMs = 5 * 60_000;
const alreadyCompleted = () => new ApiError(409, 'user/onboarding-already-completed', 'The set-up is already completed');
const emailTaken = () => new ApiError(409, 'auth/email-already-exists', 'The e-mail address is already in use by another account');
