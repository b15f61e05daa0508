import { ApiErrorBody } from '../../contract/common.ts';
import { CategoryUpdateBody, FavouriteCategories, User } from '../../contract/user.ts';
import type { Executor } from '../db/database.ts';
import { badRequest, notFound } from '../errors.ts';
import { listFavouriteCategoryIds, lockKnownCategoryIds, replaceFavouriteCategories } from '../repositories/favouriteCategories.repository.ts';
import { findUser, lockUser, type UserRow } from '../repositories/users.repository.ts';
import type { App, RouteDeps } from './types.ts';

export function toUser(row: UserRow, favouriteCategoryIdList: string[]): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: [row.firstName, row.lastName].filter(Boolean).join(' '),
    email: row.email,
    phoneNumber: row.phoneNumber,
    ssn: row.ssn,
    addressList: row.addressList,
    companyName: row.companyName,
    companyAddress: row.companyAddress,
    pushNotificationToken: row.pushNotificationToken,
    completedOnboarding: row.completedOnboarding,
    passwordChosen: row.passwordChosen,
    language: row.language ?? null,
    favouriteCategoryIdList,
  };
}

/** The member as every answer with a User shows them, favourite categories included. */
export async function userAnswer(db: Executor, row: UserRow): Promise<User> {
  return toUser(row, await listFavouriteCategoryIds(db, row.brandId, row.id));
}

const userNotFound = () => notFound('user_not_found', 'The user was not found');
const unknownCategory = () => badRequest('category/unknown', 'One of the categories does not exist');
/** Ids no category can have; refused before they reach the database. */
const impossibleId = /[\u0000-\u001f\u007f]|[\ud800-\udfff]/u;

export async function userRoutes(app: App, { db, requireMember, now = Date.now }: RouteDeps) {
  app.get(
    '/v1/get/user',
    { preHandler: requireMember, schema: { response: { 200: User, '4xx': ApiErrorBody } } },
    async (request) => {
      const { brand, token } = request.member;
      const user = await findUser(db, brand.id, token.uid);
      if (!user) throw userNotFound();
      return userAnswer(db, user);
    },
  );

  // The member's favourite categories (My categories), the whole list each time: all of it or nothing.
  app.put(
    '/v1/update/user/category',
    { preHandler: requireMember, schema: { body: CategoryUpdateBody, response: { 200: FavouriteCategories, '4xx': ApiErrorBody } } },
    async (request) => {
      const { brand, token } = request.member;
      const wanted = [...new Set(request.body.categoryIdList)];
      if (wanted.some((id) => impossibleId.test(id))) throw unknownCategory();
      const categoryIdList = await db.transaction(async (tx) => {
        // Under the member's row lock, two updates at once take turns: one list wins whole.
        if (!(await lockUser(tx, brand.id, token.uid))) throw userNotFound();
        // Only the brand's own categories: another brand's id is as unknown as a made-up one.
        const known = await lockKnownCategoryIds(tx, brand.id, wanted);
        if (known.length !== wanted.length) throw unknownCategory();
        await replaceFavouriteCategories(tx, brand.id, token.uid, wanted, new Date(now()));
        return listFavouriteCategoryIds(tx, brand.id, token.uid);
      });
      return { categoryIdList };
    },
  );
}
