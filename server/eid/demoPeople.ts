import { demoUsers } from '../db/seed/users.ts';
import type { PhonePerson } from './phonePage.ts';
import type { Person } from './simulator.ts';

/** The seeded members with a personal number: whom the simulated phone may sign in as. */
export const demoPeople: (PhonePerson & Person)[] = demoUsers
  .filter((u) => u.ssn !== null)
  .map((u) => ({
    key: `${u.brandId}:${u.email}`,
    label: `${u.firstName} ${u.lastName} (${u.email})`,
    brandId: u.brandId,
    personalNumber: u.ssn!,
    givenName: u.firstName,
    surname: u.lastName,
  }));
