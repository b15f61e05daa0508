import { Type, type Static, type TObject } from 'typebox';
import { Value } from 'typebox/value';
import { isValidEmail as isValidAddress } from '../../../domain/validation.ts';
import { toolkitError } from './toolkitErrors.ts';
import { tenantIdPattern } from '../tenants.ts';
import { maxOneLineLength, oneLinePattern } from '../../../contract/textRules.ts';

// PostgreSQL text cannot hold NUL, and no field has a use for other control characters.
const noControlCharacters = '^[^\\u0000-\\u001F\\u007F]*$';
const text = Type.String({ maxLength: 8192, pattern: noControlCharacters });
const optionalString = Type.Optional(text);
/** Passwords are only hashed, never stored: any character but NUL. */
const optionalSecret = Type.Optional(Type.String({ maxLength: 8192, pattern: '^[^\\u0000]*$' }));
/** E-mails are checked by `normalizeEmail`, so a control character answers INVALID_EMAIL. */
const optionalEmail = Type.Optional(Type.String({ maxLength: 8192 }));
const optionalFlag = Type.Optional(Type.Boolean());

// Unknown members (clientType, captchaResponse, ...) are allowed, as the SDK sends several.
export const CredentialsBody = Type.Object({
  email: optionalEmail,
  password: optionalSecret,
  tenantId: optionalString,
  displayName: Type.Optional(Type.String({ maxLength: maxOneLineLength, pattern: oneLinePattern })),
  returnSecureToken: optionalFlag,
});
export const IdTokenBody = Type.Object({ idToken: optionalString });
/** A display name follows the product's name rule: one line of at most 200 characters. */
const optionalDisplayName = Type.Optional(Type.String({ maxLength: maxOneLineLength, pattern: oneLinePattern }));
export const UpdateBody = Type.Object({
  idToken: optionalString,
  email: optionalEmail,
  password: optionalSecret,
  displayName: optionalDisplayName,
  deleteAttribute: Type.Optional(Type.Array(text)),
  returnSecureToken: optionalFlag,
});
export const OobCodeRequestBody = Type.Object({
  requestType: optionalString,
  email: optionalEmail,
  tenantId: optionalString,
  continueUrl: optionalString,
});
export const ResetPasswordBody = Type.Object({ oobCode: optionalString, newPassword: optionalSecret, tenantId: optionalString });
export const CustomTokenBody = Type.Object({ token: optionalString, tenantId: optionalString, returnSecureToken: optionalFlag });
export const RefreshBody = Type.Object({ grant_type: optionalString, refresh_token: optionalString });

/** The body checked against `schema`; a wrong shape is a Firebase-style INVALID_ARGUMENT. */
export function readBody<S extends TObject>(schema: S, body: unknown): Static<S> {
  if (Value.Check(schema, body)) return body as Static<S>;
  const first = [...Value.Errors(schema, body)][0];
  const field = first?.instancePath.replace(/^\//, '') || 'body';
  const reason = first?.keyword === 'pattern' ? 'control characters are not allowed' : (first?.message ?? 'invalid');
  throw toolkitError('INVALID_ARGUMENT', `Invalid value at '${field}' (${reason})`);
}

export const isValidTenantId = (tenantId: string) => tenantIdPattern.test(tenantId);

/** Every account lives in a tenant (one per brand); the SDK sends it when `auth.tenantId` is set. */
export function requireTenant(tenantId: string | undefined): string {
  if (tenantId === undefined || tenantId === '') throw toolkitError('MISSING_TENANT_ID');
  if (!tenantIdPattern.test(tenantId)) throw toolkitError('INVALID_TENANT_ID');
  return tenantId;
}

/** The product's e-mail rule, untrimmed: an address with spaces around it is not one. */
export const isValidEmail = (email: string) => email.length <= 320 && email === email.trim() && isValidAddress(email);

export function normalizeEmail(email: string | undefined, missingCode = 'MISSING_EMAIL'): string {
  if (email === undefined || email === '') throw toolkitError(missingCode);
  if (!isValidEmail(email)) throw toolkitError('INVALID_EMAIL');
  return email.toLowerCase();
}
