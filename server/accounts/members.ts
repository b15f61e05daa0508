import type { User } from '../../contract/user.ts';
import { fullNameOf } from '../../domain/names.ts';
import type { Database, Executor } from '../db/database.ts';
import { badRequest, notFound } from '../errors.ts';
import { listFavouriteCategoryIds, lockKnownCategoryIds, replaceFavouriteCategories } from '../repositories/favouriteCategories.repository.ts';
import { findUser, lockUser, type UserRow } from '../repositories/users.repository.ts';

/** The member's own record as the API shows it, and their favourite categories (My categories). */

export const userNotFound = () => notFound('user_not_found', 'The user was not found');
const unknownCategory = () => badRequest('category/unknown', 'One of the categories does not exist');
/** Ids no category can have; refused before they reach the database. */
const impossibleId = /[\u0000-\u001f\u007f]|[\ud800-\udfff]/u;

export function toUser(row: UserRow, favouriteCategoryIdList: string[]): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: fullNameOf(row.firstName, row.lastName),
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

/** GET /v1/get/user. */
export async function memberRecord(db: Database, member: { brandId: string; userId: string }): Promise<User> {
  const user = await findUser(db, member.brandId, member.userId);
  if (!user) throw userNotFound();
  return userAnswer(db, user);
}

/**
 * PUT /v1/update/user/category: the whole list each time, all of it or nothing; only the brand's
 * own categories (another brand's id is as unknown as a made-up one).
 */
export async function replaceMemberCategories(db: Database, member: { brandId: string; userId: string }, categoryIdList: string[], at: Date): Promise<string[]> {
  const wanted = [...new Set(categoryIdList)];
  if (wanted.some((id) => impossibleId.test(id))) throw unknownCategory();
  return db.transaction(async (tx) => {
    // Under the member's row lock, two updates at once take turns: one list wins whole.
    if (!(await lockUser(tx, member.brandId, member.userId))) throw userNotFound();
    const known = await lockKnownCategoryIds(tx, member.brandId, wanted);
    if (known.length !== wanted.length) throw unknownCategory();
    await replaceFavouriteCategories(tx, member.brandId, member.userId, wanted, at);
    return listFavouriteCategoryIds(tx, member.brandId, member.userId);
  });
}

/** The names the brand role answer shows; empty for a role whose member row is gone. */
export async function memberNames(db: Executor, member: { brandId: string; userId: string }): Promise<{ firstName: string; lastName: string }> {
  const user = await findUser(db, member.brandId, member.userId);
  return { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' };
}
