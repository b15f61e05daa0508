import { brandRoles, identityAccounts, users } from '../../server/db/schema/index.ts';
import type { ImportedCode } from '../../server/promo/codesFile.ts';
import { importPromoCodes } from '../../server/repositories/promoImport.repository.ts';
import type { TestApp } from './support/testApp.ts';

/** `count` codes `${prefix}-0001`…, without expiry. */
export const codeList = (prefix: string, count: number, expiresAt: Date | null = null): ImportedCode[] =>
  Array.from({ length: count }, (_, i) => ({ code: `${prefix}-${String(i + 1).padStart(4, '0')}`, expiresAt }));

/** An offer's promo as an operator would load it (the import's own code path). */
export async function givePromo(
  t: Pick<TestApp, 'db'>,
  brandId: string,
  offerId: string,
  promo: { codes?: ImportedCode[]; commonCode?: string; claimCap?: number },
) {
  return t.db.transaction((tx) => importPromoCodes(tx, { brandId, offerId, codes: promo.codes ?? [], commonCode: promo.commonCode, claimCap: promo.claimCap }, new Date()));
}

export interface SignedInMember {
  uid: string;
  headers: Record<string, string>;
}

/**
 * `count` members of the brand with real ID tokens. Their identity accounts have no password (as
 * if they had signed in another way) and the tokens come through signInWithCustomToken, so
 * hundreds of members cost no password hashing.
 */
export async function signedInMembers(
  t: TestApp,
  brand: { id: string; authTenantId: string },
  appUrl: string,
  count: number,
  prefix = 'claimer',
): Promise<SignedInMember[]> {
  const people = Array.from({ length: count }, (_, i) => ({ uid: `${prefix}-${brand.id}-${i}`, email: `${prefix}-${i}@${brand.id}.test` }));
  await t.db.insert(identityAccounts).values(people.map((p) => ({ uid: p.uid, tenantId: brand.authTenantId, email: p.email })));
  await t.db.insert(users).values(people.map((p, i) => ({ brandId: brand.id, id: p.uid, email: p.email, firstName: 'Claim', lastName: `Er ${i}`, completedOnboarding: true })));
  await t.db.insert(brandRoles).values(people.map((p) => ({ brandId: brand.id, id: `role-${p.uid}`, userId: p.uid, brandRoleId: 'member', name: 'Member', active: true })));
  const members: SignedInMember[] = [];
  for (const p of people) {
    const customToken = await t.identity.createCustomToken(brand.authTenantId, p.uid);
    const response = await t.app.inject({
      method: 'POST',
      url: '/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=test',
      payload: { token: customToken, tenantId: brand.authTenantId, returnSecureToken: true },
    });
    if (response.statusCode !== 200) throw new Error(`custom sign-in failed: ${response.body}`);
    members.push({ uid: p.uid, headers: { host: new URL(appUrl).host, 'x-app-url': appUrl, authorization: `Bearer ${response.json().idToken as string}` } });
  }
  return members;
}
