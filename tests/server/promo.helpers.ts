import { brandRoles, users } from '../../server/db/schema/index.ts';
import type { ImportedCode } from '../../server/promo/codesFile.ts';
import { importPromoCodes } from '../../server/repositories/promoImport.repository.ts';
import type { TestApp } from './support/testApp.ts';
import { testPassword } from './support/factories.ts';

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
  return importPromoCodes(t.db, { brandId, offerId, codes: promo.codes ?? [], commonCode: promo.commonCode, claimCap: promo.claimCap }, new Date());
}

export interface SignedInMember {
  uid: string;
  headers: Record<string, string>;
}

/**
 * `count` members of the brand with ID tokens. The accounts are real; the tokens come through
 * signInWithCustomToken, which skips a password hash per member (hundreds of sign-ins stay quick).
 */
export async function signedInMembers(
  t: TestApp,
  brand: { id: string; authTenantId: string },
  appUrl: string,
  count: number,
  prefix = 'claimer',
): Promise<SignedInMember[]> {
  const members: SignedInMember[] = [];
  for (let start = 0; start < count; start += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, count - start) }, async (_, k) => {
        const email = `${prefix}-${start + k}@${brand.id}.test`;
        const uid = await t.identity.createAccount({ tenantId: brand.authTenantId, email, password: testPassword });
        await t.db.insert(users).values({ brandId: brand.id, id: uid, email, firstName: 'Claim', lastName: `Er ${start + k}`, completedOnboarding: true });
        await t.db.insert(brandRoles).values({ brandId: brand.id, id: `role-${uid}`, userId: uid, brandRoleId: 'member', name: 'Member', active: true });
        const customToken = await t.identity.createCustomToken(brand.authTenantId, uid);
        const response = await t.app.inject({
          method: 'POST',
          url: '/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=test',
          payload: { token: customToken, tenantId: brand.authTenantId, returnSecureToken: true },
        });
        if (response.statusCode !== 200) throw new Error(`custom sign-in failed: ${response.body}`);
        return { uid, headers: { 'x-app-url': appUrl, authorization: `Bearer ${response.json().idToken as string}` } };
      }),
    );
    members.push(...batch);
  }
  return members;
}
