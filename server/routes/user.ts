import { ApiErrorBody } from '../../contract/common.ts';
import { CategoryUpdateBody, FavouriteCategories, User } from '../../contract/user.ts';
import type { App, RouteDeps } from './types.ts';

/** The member's record and favourite categories (server/accounts/members.ts decides). */
export async function userRoutes(app: App, { members, requireMember }: RouteDeps) {
  const memberOf = (request: { member: { brand: { id: string }; token: { uid: string } } }) => ({ brandId: request.member.brand.id, userId: request.member.token.uid });

  app.get(
    '/v1/get/user',
    { preHandler: requireMember, schema: { response: { 200: User, '4xx': ApiErrorBody } } },
    async (request) => members.record(memberOf(request)),
  );

  // The member's favourite categories (My categories), the whole list each time: all of it or nothing.
  app.put(
    '/v1/update/user/category',
    { preHandler: requireMember, schema: { body: CategoryUpdateBody, response: { 200: FavouriteCategories, '4xx': ApiErrorBody } } },
    async (request) => ({ categoryIdList: await members.replaceCategories(memberOf(request), request.body.categoryIdList) }),
  );
}
