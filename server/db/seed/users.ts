import { and, eq, isNull, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ApiError } from '../../errors.ts';
import type { IdentityProvider } from '../../identity/identity.ts';
import type { LocalizedText } from '../../../domain/language.ts';
import type { Database } from '../database.ts';
import { brandRoles, users, type Address } from '../schema/index.ts';

/** The password of every demo account. */
export const DEMO_PASSWORD = 'Password1';

export interface DemoUser {
  brandId: string;
  tenantId: string;
  email: string;
  /** Stable uid asked of the identity provider. */
  uid: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  ssn: string | null;
  addressList: Address[];
  completedOnboarding: boolean;
  /** No role: the account exists but may not use the brand's app. The name is English, `localizedName` every language's. */
  role: { brandRoleId: string; name: string; localizedName: LocalizedText; legacyId: number | null } | null;
}

export const demoUsers: DemoUser[] = [
  {
    brandId: 'aurora',
    tenantId: 'aurora-tenant',
    email: 'member@aurora.test',
    uid: 'demo-aurora-member',
    firstName: 'Maja',
    lastName: 'Lind',
    phoneNumber: '+46701234567',
    ssn: '199001012385',
    addressList: [{ careOf: '', street: 'Storgatan 12', zipCode: '114 51', city: 'Stockholm' }],
    completedOnboarding: true,
    role: { brandRoleId: 'member', name: 'Gold member', localizedName: { en: 'Gold member', sv: 'Guldmedlem', nb: 'Gullmedlem' }, legacyId: 1001 },
  },
  {
    brandId: 'aurora',
    tenantId: 'aurora-tenant',
    email: 'new@aurora.test',
    uid: 'demo-aurora-new',
    firstName: 'Nils',
    lastName: 'Ek',
    phoneNumber: null,
    ssn: null,
    addressList: [],
    completedOnboarding: false,
    role: { brandRoleId: 'member', name: 'Member', localizedName: { en: 'Member', sv: 'Medlem', nb: 'Medlem' }, legacyId: null },
  },
  {
    brandId: 'aurora',
    tenantId: 'aurora-tenant',
    email: 'norole@aurora.test',
    uid: 'demo-aurora-norole',
    firstName: 'Nora',
    lastName: 'Holm',
    phoneNumber: '+46709876543',
    ssn: null,
    addressList: [{ careOf: '', street: 'Kungsgatan 3', zipCode: '411 19', city: 'Göteborg' }],
    completedOnboarding: true,
    role: null,
  },
  {
    brandId: 'aurora',
    tenantId: 'aurora-tenant',
    email: 'door@aurora.test',
    uid: 'demo-aurora-door',
    firstName: 'Dag',
    lastName: 'Dörr',
    phoneNumber: null,
    ssn: null,
    addressList: [],
    completedOnboarding: true,
    // Door staff (issue 43): the app shows them the Door tab, where they check tickets in.
    role: { brandRoleId: 'door', name: 'Door staff', localizedName: { en: 'Door staff', sv: 'Entrévärd', nb: 'Dørvakt' }, legacyId: null },
  },
  {
    brandId: 'borealis',
    tenantId: 'borealis-tenant',
    email: 'member@borealis.test',
    uid: 'demo-borealis-member',
    firstName: 'Ingrid',
    lastName: 'Solberg',
    phoneNumber: '+4791234567',
    ssn: '198507142381',
    addressList: [{ careOf: 'c/o Berg', street: 'Storgata 40', zipCode: '9008', city: 'Tromsø' }],
    completedOnboarding: true,
    role: { brandRoleId: 'member', name: 'Explorer', localizedName: { en: 'Explorer', sv: 'Upptäckare', nb: 'Utforsker' }, legacyId: 2001 },
  },
  {
    brandId: 'borealis',
    tenantId: 'borealis-tenant',
    email: 'door@borealis.test',
    uid: 'demo-borealis-door',
    firstName: 'Dina',
    lastName: 'Port',
    phoneNumber: null,
    ssn: null,
    addressList: [],
    completedOnboarding: true,
    role: { brandRoleId: 'door', name: 'Door staff', localizedName: { en: 'Door staff', sv: 'Entrévärd', nb: 'Dørvakt' }, legacyId: null },
  },
];

/** The account's uid: the existing one, or a new account with the stable uid. */
async function ensureAccount(identity: IdentityProvider, u: DemoUser): Promise<string> {
  const existing = await identity.findAccountByEmail(u.tenantId, u.email);
  if (existing) return existing;
  try {
    return await identity.createAccount({
      tenantId: u.tenantId,
      email: u.email,
      password: DEMO_PASSWORD,
      displayName: `${u.firstName} ${u.lastName}`,
      uid: u.uid,
    });
  } catch (error) {
    // Another process seeded the same account in between: use that one.
    const raced = error instanceof ApiError && error.status === 409 && (await identity.findAccountByEmail(u.tenantId, u.email));
    if (raced) return raced;
    throw error;
  }
}

export async function seedUsers(db: Database, identity: IdentityProvider): Promise<void> {
  for (const u of demoUsers) {
    const uid = await ensureAccount(identity, u);
    await db
      .insert(users)
      .values({
        brandId: u.brandId,
        id: uid,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        phoneNumber: u.phoneNumber,
        ssn: u.ssn,
        addressList: u.addressList,
        completedOnboarding: u.completedOnboarding,
      })
      .onConflictDoNothing();
    if (u.ssn) await giveSsnIfNone(db, u.brandId, uid, u.ssn);
    if (!u.role) continue;
    await db
      .insert(brandRoles)
      .values({ brandId: u.brandId, id: `role-${uid}`, userId: uid, ...u.role })
      .onConflictDoNothing();
  }
}

/** Databases seeded before the members had personal numbers get them, unless one is set or taken. */
async function giveSsnIfNone(db: Database, brandId: string, uid: string, ssn: string): Promise<void> {
  const other = alias(users, 'other');
  await db
    .update(users)
    .set({ ssn })
    .where(
      and(
        eq(users.brandId, brandId),
        eq(users.id, uid),
        isNull(users.ssn),
        notExists(db.select().from(other).where(and(eq(other.brandId, brandId), eq(other.ssn, ssn)))),
      ),
    );
}
