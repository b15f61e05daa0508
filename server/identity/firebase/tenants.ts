import type { Auth } from 'firebase-admin/auth';
import type { TenantDirectory } from '../tenants.ts';
import { accountError } from './adminErrors.ts';

/**
 * The product's password rule (domain/validation.ts: 8 to 30 characters with a digit, a lower- and
 * an uppercase letter), as Identity Platform enforces it on a tenant's sign-ups and resets.
 */
export const productPasswordPolicy = {
  enforcementState: 'ENFORCE',
  forceUpgradeOnSignin: true,
  constraints: { requireUppercase: true, requireLowercase: true, requireNumeric: true, requireNonAlphanumeric: false, minLength: 8, maxLength: 30 },
} as const;

/** The tenants of the project behind `auth` (needs the Identity Platform Admin role to create them). */
export function firebaseTenants(auth: Auth, projectId: string): TenantDirectory {
  const tenants = auth.tenantManager();
  return {
    name: `Identity Platform project ${projectId}`,
    async exists(tenantId) {
      try {
        await tenants.getTenant(tenantId);
        return true;
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/tenant-not-found') return false;
        throw accountError(error);
      }
    },
    async create(displayName) {
      try {
        const tenant = await tenants.createTenant({
          displayName,
          emailSignInConfig: { enabled: true, passwordRequired: true },
          passwordPolicyConfig: productPasswordPolicy,
        });
        return tenant.tenantId;
      } catch (error) {
        throw accountError(error);
      }
    },
    async remove(tenantId) {
      try {
        await tenants.deleteTenant(tenantId);
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/tenant-not-found') throw accountError(error);
      }
    },
  };
}
