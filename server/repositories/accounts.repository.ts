import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../db/database.ts';
import { brandRoles, passwordResetTokens, users } from '../db/schema/index.ts';
import type { UserRow } from './users.repository.ts';

export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'brandId' | 'id' | 'createdAt'>>;
type RoleRow = typeof brandRoles.$inferSelect;

/** The role every account created through the API gets in its brand. */
export const memberRole = { brandRoleId: 'member', name: 'Member', legacyId: null } as const;

export async function isSsnTaken(db: Executor, brandId: string, ssn: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(and(eq(users.brandId, brandId), eq(users.ssn, ssn))).limit(1);
  return rows.length > 0;
}

/** The profile and its member role, together or not at all. Unique violations (ssn) reach the caller. */
export async function insertMember(db: Database, user: NewUser): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values(user).returning();
    await tx.insert(brandRoles).values({ brandId: user.brandId, id: `role-${user.id}`, userId: user.id, ...memberRole });
    return row!;
  });
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

/** Puts a profile row back as it was (undoing a step whose identity change failed). */
export async function restoreUser(db: Executor, row: UserRow): Promise<void> {
  const { brandId, id, ...fields } = row;
  await db.update(users).set(fields).where(and(eq(users.brandId, brandId), eq(users.id, id)));
}

export interface RemovedMember {
  user: UserRow | null;
  roles: RoleRow[];
}

/** Removes the member's profile, role and reset tokens in the brand; returns what was removed. */
export async function deleteMember(db: Database, brandId: string, id: string): Promise<RemovedMember> {
  return db.transaction(async (tx) => {
    const roles = await tx.delete(brandRoles).where(and(eq(brandRoles.brandId, brandId), eq(brandRoles.userId, id))).returning();
    const [user] = await tx.delete(users).where(and(eq(users.brandId, brandId), eq(users.id, id))).returning();
    await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.brandId, brandId), eq(passwordResetTokens.userId, id)));
    return { user: user ?? null, roles };
  });
}

/** Undoes deleteMember when the identity account could not be deleted. */
export async function restoreMember(db: Database, removed: RemovedMember): Promise<void> {
  await db.transaction(async (tx) => {
    if (removed.user) await tx.insert(users).values(removed.user);
    if (removed.roles.length > 0) await tx.insert(brandRoles).values(removed.roles);
  });
}
