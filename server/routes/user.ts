import { ApiErrorBody } from '../../contract/common.ts';
import { User } from '../../contract/user.ts';
import { notFound } from '../errors.ts';
import { findUser, type UserRow } from '../repositories/users.repository.ts';
import type { App, RouteDeps } from './types.ts';

export function toUser(row: UserRow): User {
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
  };
}

export async function userRoutes(app: App, { db, requireMember }: RouteDeps) {
  app.get(
    '/v1/get/user',
    { preHandler: requireMember, schema: { response: { 200: User, '4xx': ApiErrorBody } } },
    async (request) => {
      const { brand, token } = request.member;
      const user = await findUser(db, brand.id, token.uid);
      if (!user) throw notFound('user_not_found', 'The user was not found');
      return toUser(user);
    },
  );
}
