import { Type } from 'typebox';
import type { SignedInMember } from '../accounts/accounts.ts';
import type { MemberContext } from '../plugins/memberContext.ts';
import { CompleteOnboardingBody, CreateUserBody, CreateUserReply, UpdateUserBody } from '../../contract/account.ts';
import { ApiErrorBody } from '../../contract/common.ts';
import { User } from '../../contract/user.ts';
import type { App, RouteDeps } from './types.ts';

/** Create account, complete set-up, update profile, delete account (server/accounts/ decides). */
export async function accountRoutes(app: App, deps: RouteDeps) {
  const { brands, requireMember, accountLimits, accounts, limitPerAddress } = deps;
  const memberOf = ({ member }: { member: MemberContext }): SignedInMember => ({ brand: member.brand, uid: member.token.uid, authTime: member.token.authTime });

  app.post(
    '/v1/create/user',
    {
      onRequest: limitPerAddress({ bucket: 'create-user', max: accountLimits.createPerWindow, windowMs: accountLimits.windowMs }),
      // The answer carries the temporary password: no cache may keep it.
      onSend: async (_request, reply, payload) => {
        reply.header('cache-control', 'no-store');
        return payload;
      },
      schema: { body: CreateUserBody, response: { 200: CreateUserReply, '4xx': ApiErrorBody } },
    },
    async (request) => accounts.create(await brands.forRequest(request), request.body, request.log),
  );

  app.post(
    '/v1/complete_onboardning/user',
    { preHandler: requireMember, schema: { body: CompleteOnboardingBody, response: { 200: User, '4xx': ApiErrorBody } } },
    async (request) => accounts.completeOnboarding(memberOf(request), request.body),
  );

  app.put(
    '/v1/update/user',
    { preHandler: requireMember, schema: { body: UpdateUserBody, response: { 200: User, '4xx': ApiErrorBody } } },
    async (request) => {
      const { brand, token } = request.member;
      return accounts.updateProfile({ brand, uid: token.uid, body: request.body, clientAddress: request.ip });
    },
  );

  app.delete(
    '/v1/delete/user',
    { preHandler: requireMember, schema: { response: { 204: Type.Null(), '4xx': ApiErrorBody } } },
    async (request, reply) => {
      await accounts.delete(memberOf(request));
      return reply.status(204).send(null);
    },
  );
}
