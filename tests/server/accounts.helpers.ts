import { desc, eq } from 'drizzle-orm';
import { brands } from '../../server/db/schema/brands.ts';
import { mailOutbox } from '../../server/db/schema/mail.ts';
import type { BrandSettings } from '../../contract/brand.ts';
import { makeBrand } from './support/factories.ts';
import type { TestApp } from './support/testApp.ts';

/** Brand `aurora` (no ssn, referral options) and `borealis` (ssn mode, 6-character code), as in the demo. */
export async function makeAccountBrands(t: TestApp) {
  const aurora = await makeBrand(t.db, 'aurora', ['aurora.localhost', 'localhost']);
  const borealis = await makeBrand(t.db, 'borealis', ['borealis.localhost']);
  await setSettings(t, 'aurora', { referralCodeInputType: 'options', verifyWithSsn: false });
  await setSettings(t, 'borealis', { referralCodeInputType: 'code', referralCodeInputFieldLength: 6, verifyWithSsn: true });
  return { aurora, borealis };
}

export async function setSettings(t: TestApp, brandId: string, settings: Partial<BrandSettings>) {
  const [row] = await t.db.select({ settings: brands.settings }).from(brands).where(eq(brands.id, brandId));
  await t.db.update(brands).set({ settings: { ...row!.settings, ...settings } }).where(eq(brands.id, brandId));
}

export const appUrl = { aurora: 'http://aurora.localhost:8080', borealis: 'http://borealis.localhost:8080' } as const;
export type BrandKey = keyof typeof appUrl;

let addressCounter = 0;
/** A client address of its own, so the per-address limits of one test do not touch another. */
export const freshAddress = () => `10.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

/** Signs in to Aurora through the identity protocol from a fresh address; answers the raw response. */
export const signInWithPassword = (t: TestApp, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test',
    remoteAddress: freshAddress(),
    payload: { email, password, tenantId: 'aurora-tenant', returnSecureToken: true },
  });

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  brand?: BrandKey;
  body?: unknown;
  idToken?: string;
  address?: string;
}

/** One API request as the client sends it (X-App-Url, bearer token); answers status, parsed body and raw text. */
export async function call(t: TestApp, request: Call) {
  const response = await t.app.inject({
    method: request.method,
    url: request.url,
    remoteAddress: request.address ?? freshAddress(),
    headers: {
      // As the app's own page calls its server: the Host is the app's origin.
      host: new URL(appUrl[request.brand ?? 'aurora']).host,
      'x-app-url': appUrl[request.brand ?? 'aurora'],
      ...(request.idToken ? { authorization: `Bearer ${request.idToken}` } : {}),
      ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    payload: request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body),
  });
  const text = response.body;
  let body: any = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: response.statusCode, body, text, headers: response.headers };
}

export { personalNumber } from './support/personalNumber.ts';

let emailCounter = 0;
export const uniqueEmail = (prefix = 'member') => `${prefix}-${++emailCounter}-${Date.now()}@example.com`;

export const strongPassword = 'Secret123';

/** The body of an Aurora (name mode) sign-up with the given overrides. */
export const auroraSignUp = (overrides: Record<string, unknown> = {}) => ({
  brandId: 'aurora',
  signInType: 'password',
  email: uniqueEmail(),
  password: strongPassword,
  termsAccepted: true,
  firstName: 'Ada',
  lastName: 'Lind',
  ...overrides,
});

export async function latestMailTo(t: TestApp, to: string) {
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
  return mail ?? null;
}

export const resetTokenFrom = (text: string) => /\/password_reset\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;

/** Signs up through the API and signs in through the identity protocol; answers uid, email and ID token. */
export async function signUpMember(t: TestApp, brand: BrandKey = 'aurora', overrides: Record<string, unknown> = {}) {
  const body = brand === 'aurora' ? auroraSignUp(overrides) : { brandId: 'borealis', signInType: 'password', email: uniqueEmail(), password: strongPassword, termsAccepted: true, ...overrides };
  const created = await call(t, { method: 'POST', url: '/v1/create/user', brand, body });
  if (created.status !== 200) throw new Error(`sign-up failed: ${created.text}`);
  const email = body.email as string;
  const password = (created.body.tempPassword as string | null) ?? (body.password as string);
  const idToken = await t.idTokenFor(`${brand}-tenant`, email, password);
  return { uid: created.body.user.id as string, email, password, idToken, user: created.body.user };
}
