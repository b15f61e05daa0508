/** A tenant id as both providers take it: 1 to 64 letters, digits or -. */
export const tenantIdPattern = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The tenants of an identity provider that keeps them itself (Identity Platform: one per brand).
 * The embedded provider has none of its own: there a brand's row is its tenant, so a brand's
 * tenant comes into being with the brand.
 */
export interface TenantDirectory {
  /** Where the tenants live, for the operator ("project demo-klubb"). */
  readonly name: string;
  /** Whether the tenant exists. */
  exists(tenantId: string): Promise<boolean>;
  /** A new tenant with e-mail and password sign-in and the product's password policy; answers its id. */
  create(displayName: string): Promise<string>;
  /** Removes a tenant this command created when the brand could not be written after all. */
  remove(tenantId: string): Promise<void>;
}

/** Identity Platform's rule for a tenant's display name: 4 to 20 letters, digits or -, starting with a letter. */
export function tenantDisplayName(brandId: string): string {
  const name = brandId.length >= 4 ? brandId : `klubb-${brandId}`;
  return name.slice(0, 20).replace(/-+$/, '');
}
