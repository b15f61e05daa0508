import { randomUUID } from 'node:crypto';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import type { IdentityProvider, NewAccount, VerifiedToken } from '../identity.ts';
import { verifyIdTokenClaims } from '../tokenClaims.ts';
import { accountError, isUserNotFound, verificationError } from './adminErrors.ts';
import { checkPasswordWithFirebase, identityToolkitOrigin } from './passwordCheck.ts';
import { readServiceAccount, ServiceAccountError } from './serviceAccount.ts';
import { firebaseTenants } from './tenants.ts';

/** Google's public keys for Firebase ID tokens, as a JWK set. */
export const firebaseIdTokenJwksUrl = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

export interface FirebaseIdentityOptions {
  /** Defaults to the service account's project. */
  projectId?: string;
  /** Service-account key: the JSON text or a path to the file. */
  serviceAccount: string;
  /** Keys for the shared claim check; Google's JWK set by default (tests pass a local one). */
  keys?: JWTVerifyGetKey;
  now?: () => number;
  /** Web API key; needed to check a member's current password (verifyPassword). */
  apiKey: string;
  /**
   * host:port of Google's Firebase Auth Emulator. Its ID tokens are unsigned, as the Admin SDKs
   * accept in emulator mode: only then is the signature not checked here; passwords are checked
   * there too.
   */
  emulatorHost?: string;
}

/**
 * Real Firebase Auth / Identity Platform. firebase-admin is imported here only, so the
 * embedded provider never loads it. Throws ServiceAccountError for a malformed key.
 */
export async function createFirebaseIdentity(options: FirebaseIdentityOptions): Promise<IdentityProvider> {
  const serviceAccount = readServiceAccount(options.serviceAccount);
  const projectId = options.projectId ?? serviceAccount.projectId;
  if (serviceAccount.projectId !== projectId) {
    throw new ServiceAccountError(
      `the key is for project "${serviceAccount.projectId}" but FIREBASE_PROJECT_ID is "${projectId}"; set FIREBASE_PROJECT_ID=${serviceAccount.projectId}`,
    );
  }
  const emulatorHost = options.emulatorHost;
  // firebase-admin finds the emulator only through this variable; it must not talk to Google meanwhile.
  if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  else if (process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new ServiceAccountError('FIREBASE_AUTH_EMULATOR_HOST is set in the environment but the provider was not told to use the emulator');
  }
  const { cert, initializeApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const app = initializeApp({ credential: cert(serviceAccount), projectId: projectId }, `klubb-identity-${randomUUID()}`);
  const tenantAuth = (tenantId: string) => getAuth(app).tenantManager().authForTenant(tenantId);
  const keys = emulatorHost ? 'unsigned' : (options.keys ?? createRemoteJWKSet(new URL(firebaseIdTokenJwksUrl)));
  const passwordOrigin = emulatorHost ? `http://${emulatorHost}/identitytoolkit.googleapis.com` : identityToolkitOrigin;
  const revocationListeners = new Set<(uid: string) => void>();
  /** Every token issued before now stops working (Firebase counts in whole seconds: see docs/identity.md). */
  async function revokeTokens(tenantId: string, uid: string) {
    await tenantAuth(tenantId).revokeRefreshTokens(uid);
    for (const listener of revocationListeners) listener(uid);
  }

  return {
    kind: 'firebase',
    tenants: firebaseTenants(getAuth(app), projectId),

    async verifyIdToken(idToken: string): Promise<VerifiedToken> {
      const claims = await verifyIdTokenClaims(idToken, {
        projectId: projectId,
        keys,
        now: options.now,
        requireTenant: true,
        clockToleranceSeconds: 5,
      });
      // Revocation and disabled accounts only Firebase knows; the tenant's Auth also re-checks the tenant.
      try {
        await tenantAuth(claims.tenantId!).verifyIdToken(idToken, true);
      } catch (error) {
        throw verificationError(error);
      }
      return { uid: claims.uid, tenantId: claims.tenantId, email: claims.email, authTime: claims.authTime, expiresAt: claims.expiresAt };
    },

    async createAccount(account: NewAccount): Promise<string> {
      try {
        const { uid } = await tenantAuth(account.tenantId).createUser({
          uid: account.uid,
          email: account.email.toLowerCase(),
          password: account.password,
          displayName: account.displayName,
        });
        return uid;
      } catch (error) {
        throw accountError(error);
      }
    },

    async findAccountByEmail(tenantId: string, email: string): Promise<string | null> {
      try {
        return (await tenantAuth(tenantId).getUserByEmail(email.toLowerCase())).uid;
      } catch (error) {
        if (isUserNotFound(error)) return null;
        throw accountError(error);
      }
    },

    async createCustomToken(tenantId: string, uid: string): Promise<string> {
      try {
        return await tenantAuth(tenantId).createCustomToken(uid);
      } catch (error) {
        throw accountError(error);
      }
    },

    async setPassword(tenantId: string, uid: string, password: string): Promise<void> {
      try {
        await tenantAuth(tenantId).updateUser(uid, { password });
        await revokeTokens(tenantId, uid);
      } catch (error) {
        throw accountError(error);
      }
    },

    async updateEmail(tenantId: string, uid: string, email: string): Promise<void> {
      try {
        await tenantAuth(tenantId).updateUser(uid, { email: email.trim().toLowerCase(), emailVerified: false });
        // A token names the e-mail it was issued for: one of the old address must not outlive the change.
        await revokeTokens(tenantId, uid);
      } catch (error) {
        throw accountError(error);
      }
    },

    async verifyPassword(tenantId: string, uid: string, password: string): Promise<boolean> {
      let email: string | undefined;
      try {
        email = (await tenantAuth(tenantId).getUser(uid)).email;
      } catch (error) {
        throw accountError(error);
      }
      if (!email) return false;
      // Firebase counts failed attempts per account itself and answers TOO_MANY_ATTEMPTS_TRY_LATER.
      return checkPasswordWithFirebase({ apiKey: options.apiKey, tenantId, uid, email, password, origin: passwordOrigin });
    },

    async deleteAccount(tenantId: string, uid: string): Promise<void> {
      try {
        await tenantAuth(tenantId).deleteUser(uid);
      } catch (error) {
        if (!isUserNotFound(error)) throw accountError(error);
      }
      for (const listener of revocationListeners) listener(uid);
    },

    onTokensRevoked(listener) {
      revocationListeners.add(listener);
    },
  };
}
