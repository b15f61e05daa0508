import type { TtlCache } from '../../cache.ts';
import type { Account } from './accountStore.ts';
import type { Database } from '../../db/database.ts';
import type { LoginLimiter } from './loginLimiter.ts';
import type { MailSender } from '../../mail/mail.ts';
import type { SigningKey } from './signingKey.ts';
import { toolkitError } from './toolkitErrors.ts';

/** A brand as far as reset mails care: its id (for the outbox) and the hosts its app is served on. */
export interface TenantBrand {
  id: string;
  appHosts: string[];
}

/** Everything the embedded provider's parts share. */
export interface EmbeddedContext {
  db: Database;
  projectId: string;
  /** Milliseconds since epoch. */
  now: () => number;
  signingKey: SigningKey;
  loginLimiter: LoginLimiter;
  brandForTenant: (tenantId: string) => Promise<TenantBrand | null>;
  /** Where reset mails go (the outbox table, or SMTP). */
  mail: MailSender;
  /** Account status for the API's token checks; the identity routes drop an entry when they change it. */
  accountCache: TtlCache<string, Account | null>;
  /** Told (on this instance) when an account's tokens stop working: revoked, disabled or deleted. */
  revocationListeners: Set<(uid: string) => void>;
}

/** Drops what this instance remembers of the account and tells the listeners (the API's token cache). */
export function forgetAccount(context: Pick<EmbeddedContext, 'accountCache' | 'revocationListeners'>, uid: string): void {
  context.accountCache.delete(uid);
  for (const listener of context.revocationListeners) listener(uid);
}

export const nowSeconds = (context: Pick<EmbeddedContext, 'now'>) => Math.floor(context.now() / 1000);

/** Sign-up and reset mails are only for tenants a brand owns: TENANT_NOT_FOUND otherwise. */
export async function requireBrand(context: Pick<EmbeddedContext, 'brandForTenant'>, tenantId: string): Promise<TenantBrand> {
  const brand = await context.brandForTenant(tenantId);
  if (!brand) throw toolkitError('TENANT_NOT_FOUND');
  return brand;
}
