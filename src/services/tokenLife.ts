import { ApiError } from '../api/apiError.ts';
import type { TokenLife } from '../../machines/session.machine.ts';
import type { IdentityService } from './identity.ts';

/** The current ID token's expiry for the session machine, with the device-clock moment it arrived. */
export async function readTokenLife(identity: IdentityService, forceRefresh: boolean): Promise<TokenLife> {
  const token = await identity.getIdTokenResult(forceRefresh);
  if (!token) throw new ApiError(401, 'auth/no-current-user', 'No one is signed in');
  return { expiresAt: token.expiresAt, readAt: Date.now() };
}

/** Hands the API's 401 answers, with when their request was sent, to whoever listens (the session machine, while signed in). */
export function createRejectionFeed() {
  const listeners = new Set<(code: string, sentAt: number) => void>();
  return {
    report: (error: ApiError, sentAt: number) => listeners.forEach((listener) => listener(error.code, sentAt)),
    listen(listener: (code: string, sentAt: number) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
