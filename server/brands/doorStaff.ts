import { generateTemporaryPassword } from '../accounts/accountInput.ts';
import { mailResetLink } from '../accounts/passwordReset.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../errors.ts';
import type { IdentityProvider } from '../identity/identity.ts';
import { brandOrigins, type MailSender } from '../mail/mail.ts';
import type { BrandRow } from '../repositories/brands.repository.ts';
import { appointDoorRole } from '../repositories/door.repository.ts';

export interface DoorStaffDeps {
  db: Database;
  identity: IdentityProvider;
  mail: MailSender;
  /** The app's port on local development hosts, for the link in the password mail (server/mail/appPort.ts). */
  appPort: number;
  now?: () => number;
}

export interface AppointedDoorStaff {
  email: string;
  /** `created`: the account is new, and was mailed a link to choose its password (`mailed` false when the mail could not go). */
  account: 'existing' | 'created';
  mailed: boolean;
}

/** The account of `email` in the brand's tenant: the one there, or a new one with a random password nobody knows. */
async function accountOf(identity: IdentityProvider, brand: BrandRow, email: string): Promise<{ uid: string; created: boolean }> {
  const existing = await identity.findAccountByEmail(brand.authTenantId, email);
  if (existing) return { uid: existing, created: false };
  try {
    return { uid: await identity.createAccount({ tenantId: brand.authTenantId, email, password: generateTemporaryPassword() }), created: true };
  } catch (error) {
    // Made in between (a sign-up, another command): that account it is.
    const raced = error instanceof ApiError && error.status === 409 && (await identity.findAccountByEmail(brand.authTenantId, email));
    if (raced) return { uid: raced, created: false };
    throw error;
  }
}

/**
 * Gives each e-mail the brand role `door` (issue 43, a brand file's `doorStaff`): an account of the
 * brand's tenant keeps its password and gets the role in place of any other; an e-mail without
 * one gets a new account and a mail with a link to choose its password, as a forgotten password
 * does. Staff the list no longer names keep their role: revoke it in `brand_role` (docs/door.md).
 */
export async function appointDoorStaff(deps: DoorStaffDeps, brand: BrandRow, emails: readonly string[]): Promise<AppointedDoorStaff[]> {
  const appointed: AppointedDoorStaff[] = [];
  for (const email of emails) {
    const { uid, created } = await accountOf(deps.identity, brand, email);
    await appointDoorRole(deps.db, brand.id, uid, email);
    let mailed = false;
    if (created) {
      const appUrl = brandOrigins(brand, deps.appPort)[0] ?? `https://${brand.appHosts[0]}`;
      const request = { email, appUrl, appPort: deps.appPort, acceptLanguage: brand.settings.defaultLanguage };
      mailed = await mailResetLink({ ...deps, now: deps.now ?? Date.now }, brand, request).then(
        () => true,
        // The account and role stand; they can still ask for a link with "Forgot password".
        (error: unknown) => (error instanceof ApiError && error.status === 503 ? false : Promise.reject(error)),
      );
    }
    appointed.push({ email, account: created ? 'created' : 'existing', mailed });
  }
  return appointed;
}
