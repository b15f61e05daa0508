import { Writable } from 'node:stream';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandRoles, users } from '../../server/db/schema/index.ts';
import { isValidPassword } from '../../domain/validation.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { auroraSignUp, call, freshAddress, makeAccountBrands, personalNumber, strongPassword, uniqueEmail } from './accounts.helpers.ts';

/** Everything the server logs while this file runs; no password or personal number may be in it. */
const logLines: string[] = [];
const loggedSecrets: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'trace', stream: logStream }, accountRateLimits: { createPerWindow: 5 } });
  await makeAccountBrands(t);
}, 60_000);
afterAll(() => t.close());

const create = (body: unknown, brand: 'aurora' | 'borealis' = 'aurora', address?: string) =>
  call(t, { method: 'POST', url: '/v1/create/user', brand, body, address });
const borealisSignUp = (overrides: Record<string, unknown> = {}) => ({
  brandId: 'borealis',
  signInType: 'password',
  email: uniqueEmail('nord'),
  password: strongPassword,
  termsAccepted: true,
  ...overrides,
});
const error = (status: number, code: string) => ({ status, body: expect.objectContaining({ status, code, message: expect.any(String) }) });
const profileCount = async (brandId: string) => (await t.db.select({ n: count() }).from(users).where(eq(users.brandId, brandId)))[0]!.n;

describe('POST /v1/create/user in name mode (Aurora)', () => {
  it('creates the identity account, a profile that still needs set-up and a member role', async () => {
    const email = uniqueEmail('Ada').toUpperCase().replace('@EXAMPLE.COM', '@Example.com');
    const created = await create(
      auroraSignUp({ email: `  ${email} `, firstName: ' Ada ', lastName: 'Lind', phoneNumber: '070-123 45 67', street: 'Storgatan 1', zipCode: '111 22', city: 'Stockholm' }),
    );
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      tempPassword: null,
      user: {
        id: expect.any(String),
        firstName: 'Ada',
        lastName: 'Lind',
        fullName: 'Ada Lind',
        email: email.toLowerCase(),
        phoneNumber: '+46701234567',
        ssn: null,
        addressList: [{ careOf: '', street: 'Storgatan 1', zipCode: '111 22', city: 'Stockholm' }],
        companyName: null,
        companyAddress: null,
        pushNotificationToken: null,
        completedOnboarding: false,
        passwordChosen: true,
        // Chosen later, on the Language and My categories screens.
        language: null,
        favouriteCategoryIdList: [],
      },
    });
    const uid = created.body.user.id as string;
    expect(await t.identity.findAccountByEmail('aurora-tenant', email)).toBe(uid);
    const [role] = await t.db.select().from(brandRoles).where(and(eq(brandRoles.brandId, 'aurora'), eq(brandRoles.userId, uid)));
    expect(role).toMatchObject({ brandRoleId: 'member', active: true });
    const [profile] = await t.db.select().from(users).where(and(eq(users.brandId, 'aurora'), eq(users.id, uid)));
    expect(profile!.termsAcceptedAt).toBeInstanceOf(Date);

    // The member signs in with the chosen password and lands in set-up.
    const idToken = await t.idTokenFor('aurora-tenant', email.toLowerCase(), strongPassword);
    const me = await call(t, { method: 'GET', url: '/v1/get/user', idToken });
    expect(me.body).toMatchObject({ id: uid, completedOnboarding: false });
  });

  it('generates a strong temporary password when none is chosen', async () => {
    const body = auroraSignUp({ password: undefined });
    const created = await create(body);
    expect(created.status).toBe(200);
    const tempPassword = created.body.tempPassword as string;
    expect(isValidPassword(tempPassword)).toBe(true);
    expect(tempPassword.length).toBeGreaterThanOrEqual(16);
    // Set-up will ask the member for a password of their own.
    expect(created.body.user.passwordChosen).toBe(false);
    await expect(t.idTokenFor('aurora-tenant', body.email as string, tempPassword)).resolves.toEqual(expect.any(String));
  });

  it('answers each missing or invalid field with its code and creates nothing', async () => {
    const before = await profileCount('aurora');
    const email = uniqueEmail('never');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ brandId: 'borealis' }, 400, 'brand_mismatch'],
      [{ termsAccepted: false }, 400, 'create_need_to_accept_terms'],
      [{ termsAccepted: undefined }, 400, 'create_need_to_accept_terms'],
      [{ email: undefined }, 400, 'user/email-missing'],
      [{ email: '   ' }, 400, 'user/email-missing'],
      [{ email: 'ada@example' }, 400, 'user/email-invalid'],
      [{ email: 'ada@@example.com' }, 400, 'user/email-invalid'],
      [{ firstName: undefined }, 400, 'user/first-name-missing'],
      [{ firstName: '  ' }, 400, 'user/first-name-missing'],
      [{ lastName: '' }, 400, 'user/last-name-missing'],
      [{ phoneNumber: '12345' }, 400, 'phone_number_invalid'],
      [{ phoneNumber: '+0701234567' }, 400, 'phone_number_invalid'],
      [{ password: 'short1A' }, 400, 'auth/invalid-password'],
      [{ password: 'nouppercase1' }, 400, 'auth/invalid-password'],
      [{ password: 'With space1A' }, 400, 'auth/invalid-password'],
      [{ password: `A1${'a'.repeat(29)}` }, 400, 'auth/invalid-password'],
      [{ password: '' }, 400, 'auth/invalid-password'],
      [{ ssn: '19850714-2382' }, 400, 'auth/ssn-invalid'],
      [{ street: 'Storgatan 1' }, 400, 'user/address-list-zip-code-missing'],
      [{ street: 'Storgatan 1', zipCode: '11122' }, 400, 'user/address-list-city-missing'],
      [{ city: 'Stockholm', zipCode: '11122' }, 400, 'user/address-list-street-missing'],
    ];
    for (const [overrides, status, code] of cases) {
      const answer = await create(auroraSignUp({ email, ...overrides }));
      expect({ overrides, ...answer }).toMatchObject({ overrides, ...error(status, code) });
    }
    expect(await profileCount('aurora')).toBe(before);
    expect(await t.identity.findAccountByEmail('aurora-tenant', email)).toBeNull();
  });

  it('refuses wrong types and unknown sign-in types as invalid requests', async () => {
    for (const overrides of [
      { termsAccepted: 'maybe' },
      { email: { address: 'x@example.com' } },
      { firstName: ['Ada'] },
      { signInType: 'google' },
      { brandId: undefined },
      { password: { value: 'Secret123' } },
    ]) {
      expect({ overrides, ...(await create(auroraSignUp(overrides))) }).toMatchObject({ overrides, ...error(400, 'invalid_request') });
    }
    expect(await create('{not json')).toMatchObject(error(400, 'invalid_json'));
    const unknownBrand = await t.app.inject({
      method: 'POST',
      url: '/v1/create/user',
      remoteAddress: freshAddress(),
      headers: { 'x-app-url': 'http://nowhere.example' },
      payload: auroraSignUp(),
    });
    expect(unknownBrand.statusCode).toBe(404);
    expect(unknownBrand.json()).toMatchObject({ code: 'brand_not_found' });
  });

  it('answers 409 for an e-mail already in the tenant, whatever its case; another brand may use it', async () => {
    const email = uniqueEmail('twice');
    expect((await create(auroraSignUp({ email }))).status).toBe(200);
    expect(await create(auroraSignUp({ email: email.toUpperCase() }))).toMatchObject(error(409, 'auth/email-already-exists'));
    expect((await create(borealisSignUp({ email, ssn: personalNumber('19900101', 101) }), 'borealis')).status).toBe(200);
  });
});

describe('POST /v1/create/user in personal-number mode (Borealis)', () => {
  it('needs a valid personal number, not names, and stores it as twelve digits', async () => {
    expect(await create(borealisSignUp(), 'borealis')).toMatchObject(error(400, 'auth/ssn-missing'));
    expect(await create(borealisSignUp({ ssn: '  ' }), 'borealis')).toMatchObject(error(400, 'auth/ssn-missing'));
    const good = personalNumber('19850714', 238);
    const badCheckDigit = good.slice(0, 11) + String((Number(good[11]) + 1) % 10);
    expect(await create(borealisSignUp({ ssn: badCheckDigit }), 'borealis')).toMatchObject(error(400, 'auth/ssn-invalid'));
    expect(await create(borealisSignUp({ ssn: '19851314' + good.slice(8) }), 'borealis')).toMatchObject(error(400, 'auth/ssn-invalid'));
    expect(await create(borealisSignUp({ ssn: 'abc' }), 'borealis')).toMatchObject(error(400, 'auth/ssn-invalid'));

    const created = await create(borealisSignUp({ ssn: `${good.slice(0, 8)}-${good.slice(8)}` }), 'borealis');
    expect(created.status).toBe(200);
    expect(created.body.user).toMatchObject({ ssn: good, firstName: '', lastName: '', completedOnboarding: false });
  });

  it('answers 409 auth/ssn-already-exists for a taken number and leaves no account behind', async () => {
    const ssn = personalNumber('19920202', 202);
    expect((await create(borealisSignUp({ ssn }), 'borealis')).status).toBe(200);
    const second = borealisSignUp({ ssn });
    const answer = await create(second, 'borealis');
    expect(answer).toMatchObject(error(409, 'auth/ssn-already-exists'));
    expect(answer.text).not.toContain(ssn);
    expect(await t.identity.findAccountByEmail('borealis-tenant', second.email)).toBeNull();
  });
});

describe('POST /v1/create/user under concurrency and failure', () => {
  it('gives one success and one 409 for two sign-ups with the same e-mail at once', async () => {
    for (let round = 0; round < 3; round++) {
      const email = uniqueEmail('race');
      const answers = await Promise.all([create(auroraSignUp({ email })), create(auroraSignUp({ email }))]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.code).toBe('auth/email-already-exists');
      const rows = await t.db.select().from(users).where(eq(users.email, email));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.id).toBe(await t.identity.findAccountByEmail('aurora-tenant', email));
    }
  });

  it('gives one success and one 409 for two sign-ups with the same personal number at once', async () => {
    for (let round = 0; round < 3; round++) {
      const ssn = personalNumber('19930303', 300 + round);
      const bodies = [borealisSignUp({ ssn }), borealisSignUp({ ssn })];
      const answers = await Promise.all(bodies.map((body) => create(body, 'borealis')));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.code).toBe('auth/ssn-already-exists');
      // The loser's identity account was created before the clash and is gone again.
      const accounts = await Promise.all(bodies.map((b) => t.identity.findAccountByEmail('borealis-tenant', b.email)));
      expect(accounts.filter(Boolean)).toHaveLength(1);
      expect(await t.db.select().from(users).where(eq(users.ssn, ssn))).toHaveLength(1);
    }
  });

  it('deletes the identity account again when the profile cannot be stored', async () => {
    // A trigger makes the profile insert fail for one address, after the identity account exists.
    await t.db.execute(sql`CREATE FUNCTION refuse_profile() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.email = 'boom@example.com' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`);
    await t.db.execute(sql`CREATE TRIGGER refuse_profile BEFORE INSERT ON app_user FOR EACH ROW EXECUTE FUNCTION refuse_profile()`);
    try {
      const ssn = personalNumber('19770707', 707);
      loggedSecrets.push(ssn);
      const answer = await create(borealisSignUp({ email: 'boom@example.com', ssn }), 'borealis');
      expect(answer).toMatchObject(error(500, 'internal_error'));
      expect(answer.text).not.toContain(ssn);
      expect(await t.identity.findAccountByEmail('borealis-tenant', 'boom@example.com')).toBeNull();
      expect(await t.db.select().from(users).where(eq(users.email, 'boom@example.com'))).toHaveLength(0);
    } finally {
      await t.db.execute(sql`DROP TRIGGER refuse_profile ON app_user`);
      await t.db.execute(sql`DROP FUNCTION refuse_profile()`);
    }
    // Once the fault is gone the same e-mail can sign up.
    expect((await create(borealisSignUp({ email: 'boom@example.com', ssn: personalNumber('19770707', 708) }), 'borealis')).status).toBe(200);
  });
});

describe('POST /v1/create/user rate limit', () => {
  it('allows a few sign-ups per address and window, failed ones included, then answers 429', async () => {
    const address = freshAddress();
    expect((await create(auroraSignUp(), 'aurora', address)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await create(auroraSignUp({ termsAccepted: false }), 'aurora', address)).status).toBe(400);
    const limited = await create(auroraSignUp(), 'aurora', address);
    expect(limited).toMatchObject(error(429, 'auth/too-many-attempts'));
    expect(Object.keys(limited.body).sort()).toEqual(['code', 'message', 'status']);
    expect((await create(auroraSignUp(), 'aurora', freshAddress())).status).toBe(200);
  });
});

describe('secrets', () => {
  it("never logs or answers a chosen password; a personal number only in the member's own 200 profile, never in errors or logs", async () => {
    const password = 'Unique7Secret';
    const ssn = personalNumber('19881212', 777);
    const weakSsn = personalNumber('19881212', 778);
    const body = borealisSignUp({ password, ssn });
    const created = await create(body, 'borealis');
    expect(created.status).toBe(200);
    expect(created.text).not.toContain(password);
    expect(created.body.tempPassword).toBeNull();
    // Intended: the member's own number, shown read-only in their profile.
    expect(created.body.user.ssn).toBe(ssn);
    const again = await create(borealisSignUp({ password, ssn }), 'borealis');
    expect(again.status).toBe(409);
    const weak = await create(borealisSignUp({ password: 'weakpass', ssn: weakSsn }), 'borealis');
    expect(weak.status).toBe(400);
    for (const answer of [again, weak]) {
      expect(answer.text).not.toContain(password);
      expect(answer.text).not.toContain('weakpass');
      // Neither error answer holds a personal number, the refused sign-up's own included.
      for (const number of [ssn, weakSsn]) expect(answer.text).not.toContain(number);
    }
    await t.idTokenFor('borealis-tenant', body.email, password);
    const log = logLines.join('');
    expect(log).toContain('/v1/create/user');
    // The failed profile insert above was logged, without the personal number its query carried.
    expect(log).toContain('unhandled error');
    for (const secret of [password, ssn, weakSsn, 'weakpass', strongPassword, ...loggedSecrets]) expect(log).not.toContain(secret);
  });
});
