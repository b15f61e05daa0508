import type { AppSnapshot } from '../../appActor.ts';

/** The signed-in user works the door (brand role `door`, issue 43): the Door tab instead of the shop's. */
export const isDoorStaff = (snapshot: AppSnapshot): boolean => snapshot.context.member?.role?.brandRoleId === 'door';
