import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { brandRoles, passwordResetTokens, users } from '../db/schema/index.ts';
import { deleteFavouriteCategories, restoreFavouriteCategories, type FavouriteCategoryRow } from './favouriteCategories.repository.ts';
import { lockUser, type UserRow } from './users.repository.ts';

export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'brandId' | 'id' | 'createdAt'>>;
type RoleRow = typeof brandRoles.$inferSelect;

/** The role every account created through the API gets in its brand. */
export const memberRole = { brandRoleId: 'member', name: 'Member', legacyId: null } as const;

export async function isSsnTaken(db: Executor, brandId: string, ssn: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(and(eq(users.brandId, brandId), eq(users.ssn, ssn))).limit(1);
  return rows.length > 0;
}

/** The profile and its member role; run it in the caller's transaction. Unique violations (ssn) reach the caller. */
export async function insertMember(tx: Executor, user: NewUser): Promise<UserRow> {
  const [row] = await tx.insert(users).values(user).returning();
  await tx.insert(brandRoles).values({ brandId: user.brandId, id: `role-${user.id}`, userId: user.id, ...memberRole });
  return row!;
}

/** Applies the set-up only if it was not done yet: null when another request finished it first. */
export async function claimOnboarding(db: Executor, brandId: string, id: string, patch: UserPatch): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, completedOnboarding: true })
    .where(and(eq(users.brandId, brandId), eq(users.id, id), eq(users.completedOnboarding, false)))
    .returning();
  return row ?? null;
}

export async function updateUser(db: Executor, brandId: string, id: string, patch: UserPatch): Promise<UserRow | null> {
  const [row] = await db.update(users).set(patch).where(and(eq(users.brandId, brandId), eq(users.id, id))).returning();
  return row ?? null;
}

/**
 * Undoes claimOnboarding: only the fields it set go back, and only while they still hold what it
 * wrote, so an update that came in between is kept.
 */
export async function undoOnboarding(db: Executor, before: UserRow, claimed: UserRow, fields: (keyof UserPatch)[]): Promise<void> {
  const unchanged = fields.map((field) => (claimed[field] === null ? isNull(users[field]) : eq(users[field], claimed[field] as never)));
  const back = Object.fromEntries(fields.map((field) => [field, before[field]]));
  await db
    .update(users)
    .set({ ...back, completedOnboarding: false })
    .where(and(eq(users.brandId, before.brandId), eq(users.id, before.id), eq(users.completedOnboarding, true), ...unchanged));
}

export interface RemovedMember {
  user: UserRow | null;
  roles: RoleRow[];
  favourites: FavouriteCategoryRow[];
}

/** Removes the member's profile, role, favourite categories and reset tokens in the brand (in the caller's transaction); returns what was removed. */
export async function deleteMember(tx: Executor, brandId: string, id: string): Promise<RemovedMember> {
  // The member's row first, as a favourites update takes it: the two never wait on each other's rows.
  await lockUser(tx, brandId, id);
  // Read out before the profile goes (its delete would cascade to them), so a failed deletion can put them back.
  const favourites = await deleteFavouriteCategories(tx, brandId, id);
  const roles = await tx.delete(brandRoles).where(and(eq(brandRoles.brandId, brandId), eq(brandRoles.userId, id))).returning();
  const [user] = await tx.delete(users).where(and(eq(users.brandId, brandId), eq(users.id, id))).returning();
  await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.brandId, brandId), eq(passwordResetTokens.userId, id)));
  return { user: user ?? null, roles, favourites };
}

/** Undoes deleteMember when the identity account could not be deleted (in the caller's transaction). */
export async function restoreMember(tx: Executor, removed: RemovedMember): Promise<void> {
  if (removed.user) await tx.insert(users).values(removed.user);
  if (removed.roles.length > 0) await tx.insert(brandRoles).values(removed.roles);
  if (removed.user) await restoreFavouriteCategories(tx, removed.favourites);
}
