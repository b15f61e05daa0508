import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

const wrongCredentials = msg({ id: 'auth/wrong-password', message: 'Email or password is incorrect. Please try again.' });
const somethingWrong = msg({
  id: 'error_something_wrong',
  message: 'Something went wrong. If the problem persists contact customer service.',
});

/** The user text for an error code (spec section 8); unknown codes get the generic text. */
const byCode: Record<string, MessageDescriptor> = {
  'auth/user-not-found': wrongCredentials,
  'auth/wrong-password': wrongCredentials,
  'auth/invalid-credential': wrongCredentials,
  'auth/invalid-password': msg({ id: 'auth/invalid-password', message: 'Invalid password' }),
  'auth/too-many-requests': msg({
    id: 'auth/too-many-attempts',
    message:
      'Access to this account has been temporarily disabled due to many failed login attempts. You can restore it by resetting your password or try again later.',
  }),
  'auth/user-disabled': msg({ id: 'auth/user-disabled', message: 'This account has been disabled. Please contact customer service.' }),
  'auth/user-token-expired': msg({ id: 'session_expired', message: 'Session has expired. Please login again.' }),
  no_role_with_app_url: msg({
    id: 'no_role_with_app_url',
    message: 'Your account has no membership in this app. Please contact customer service.',
  }),
  bad_user_role_for_app_url: msg({
    id: 'bad_user_role_for_app_url',
    message: 'Your membership does not give access to this app. Please contact customer service.',
  }),
  brand_not_found: msg({ id: 'brand_not_found', message: 'This app address is not connected to any club.' }),
  failed_to_fetch: msg({ id: 'failed_to_fetch', message: 'Network Error' }),
};
byCode['auth/too-many-attempts'] = byCode['auth/too-many-requests']!;

export function errorMessage(code: string): MessageDescriptor {
  return byCode[code] ?? somethingWrong;
}
