import type { User } from '../../contract/user.ts';
import type { ApiClient } from './client.ts';

/** The set-up payload (spec 3): e-mail only when changed, the normalised phone, the new password (unless one was chosen at sign-up), the referral code. */
export interface CompleteOnboardingRequest {
  email?: string;
  phoneNumber: string;
  password?: string;
  referralCode?: string;
}

/** POST /v1/complete_onboardning/user (the spec's spelling). */
export const completeOnboarding = (api: ApiClient, request: CompleteOnboardingRequest) =>
  api.send<User>('POST', '/v1/complete_onboardning/user', request);
