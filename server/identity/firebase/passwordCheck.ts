import { ApiError } from '../../errors.ts';

export const identityToolkitOrigin = 'https://identitytoolkit.googleapis.com';

const unavailable = (why: string) => new ApiError(503, 'auth/provider-unavailable', `The identity provider could not check the password: ${why}`);

/** Answers Firebase gives for a wrong password or an account that cannot sign in. */
const wrongCredentials = ['INVALID_PASSWORD', 'INVALID_LOGIN_CREDENTIALS', 'EMAIL_NOT_FOUND', 'USER_DISABLED'];

/**
 * Checks e-mail and password with Firebase's REST sign-in (firebase-admin cannot): true when
 * they sign in as `uid`. No session is kept (returnSecureToken false).
 */
export async function checkPasswordWithFirebase(input: {
  apiKey: string | undefined;
  tenantId: string;
  uid: string;
  email: string;
  password: string;
  origin?: string;
  fetch?: typeof fetch;
}): Promise<boolean> {
  if (!input.apiKey) throw unavailable('FIREBASE_API_KEY is not configured');
  const url = `${input.origin ?? identityToolkitOrigin}/v1/accounts:signInWithPassword?key=${encodeURIComponent(input.apiKey)}`;
  let response: Response;
  try {
    response = await (input.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: input.email, password: input.password, tenantId: input.tenantId, returnSecureToken: false }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw unavailable('no answer');
  }
  const body = (await response.json().catch(() => ({}))) as { localId?: string; error?: { message?: string } };
  if (response.ok) return body.localId === input.uid;
  const code = (body.error?.message ?? '').split(' ')[0] ?? '';
  if (code === 'TOO_MANY_ATTEMPTS_TRY_LATER') {
    throw new ApiError(429, 'auth/too-many-attempts', 'Access to this account has been temporarily disabled due to many failed attempts');
  }
  if (wrongCredentials.includes(code)) return false;
  throw unavailable(code || `status ${response.status}`);
}
