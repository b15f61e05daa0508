import { ApiErrorBody } from '../../contract/common.ts';
import { ReferralTokenCheck, ReferralTokenQuery } from '../../contract/offer.ts';
import type { App, RouteDeps } from './types.ts';

/** The partner's side of referral links (docs/referral.md): is this token ours, and for which offer? */
export async function referralRoutes(app: App, { offers }: RouteDeps) {
  app.get(
    '/v1/verify/referral_token',
    {
      schema: {
        summary: 'Check a referral token from a member’s referral link',
        description:
          'Answers whether the token was issued for an offer that is still active, and which offer. It says nothing ' +
          'about the member. Tokens are 192 random bits, so they cannot be guessed.',
        querystring: ReferralTokenQuery,
        response: { 200: ReferralTokenCheck, '4xx': ApiErrorBody },
      },
    },
    async (request) => offers.checkReferralToken(request.query.token),
  );
}
