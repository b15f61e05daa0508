import type { BrandRole } from '../../contract/brand.ts';
import type { User } from '../../contract/user.ts';
import type { Member } from '../../machines/app.rules.ts';

export interface MemberSources {
  user: () => Promise<User>;
  role: () => Promise<BrandRole>;
  /** Whether a failed call ends the session (no role, bad role, a token the API refuses). */
  endsSession: (error: unknown) => boolean;
  log: (message: string, error: unknown) => void;
}

/**
 * The signed-in member: the user, and beside it the brand role. A role the API refuses still
 * signs the member out; a role that merely could not be fetched is only logged and the More
 * screen keeps its skeleton (spec 8).
 */
export async function loadMember({ user, role, endsSession, log }: MemberSources): Promise<Member> {
  const [userResult, roleResult] = await Promise.allSettled([user(), role()]);
  if (roleResult.status === 'rejected' && endsSession(roleResult.reason)) throw roleResult.reason;
  if (userResult.status === 'rejected') throw userResult.reason;
  if (roleResult.status === 'rejected') log('Could not fetch the brand role', roleResult.reason);
  return { user: userResult.value, role: roleResult.status === 'fulfilled' ? roleResult.value : null };
}
