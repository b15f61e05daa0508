import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { createAccountMachine, type CreateAccountInput, type Credentials } from '../../machines/createAccount.machine.ts';
import type { CreateUserReply, CreateUserRequest } from '../../contract/account.ts';
import { ApiError } from '../../src/api/apiError.ts';
import type { User } from '../../contract/user.ts';

const user: User = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  fullName: 'Ada Lovelace',
  email: 'ada@aurora.test',
  phoneNumber: null,
  ssn: null,
  addressList: [],
  companyName: null,
  companyAddress: null,
  pushNotificationToken: null,
  completedOnboarding: false,
  passwordChosen: true,
};

/** A create-account form over fake actors; `answers` are used in order, one per call. */
function start(
  input: Partial<CreateAccountInput> = {},
  answers: { create?: () => Promise<CreateUserReply>; signIn?: (() => Promise<unknown>)[] } = {},
) {
  const created: CreateUserRequest[] = [];
  const signIns: Credentials[] = [];
  const remembered: string[] = [];
  const signInAnswers = [...(answers.signIn ?? [])];
  const actor = createActor(
    createAccountMachine.provide({
      actors: {
        createUser: fromPromise<CreateUserReply, CreateUserRequest>(async ({ input }) => {
          created.push(input);
          return (answers.create ?? (async () => ({ user, tempPassword: null })))();
        }),
        signInWithPassword: fromPromise<unknown, Credentials>(async ({ input }) => {
          signIns.push(input);
          return (signInAnswers.shift() ?? (async () => ({ uid: 'u1' })))();
        }),
      },
      actions: { rememberReferralCode: (_, code: string) => void remembered.push(code) },
    }),
    { input: { brandId: 'aurora', verifyWithSsn: false, ...input } },
  );
  actor.start();
  const fill = (fields: Record<string, string>) => {
    for (const [field, value] of Object.entries(fields)) {
      actor.send({ type: 'createAccount.fieldChanged', field: field as 'email', value });
    }
  };
  return { actor, created, signIns, remembered, fill };
}

afterEach(() => vi.useRealTimers());

describe('create-account machine', () => {
  it('keeps the referral code of the URL for set-up', () => {
    expect(start({ referralCode: 'ABC123' }).remembered).toEqual(['ABC123']);
  });

  it('names every missing field in name mode and calls nothing', () => {
    const { actor, created } = start();
    actor.send({ type: 'createAccount.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: 'user/email-missing',
      fullName: 'user/first-name-missing',
      termsAccepted: 'create_need_to_accept_terms',
    });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(created).toEqual([]);
  });

  it('checks format rules: e-mail, password when given, one-word name, phone when given', () => {
    const { actor, created, fill } = start();
    fill({ email: 'ada@aurora', password: 'short', fullName: 'Ada', phoneNumber: '12ab' });
    actor.send({ type: 'createAccount.termsChanged', accepted: true });
    actor.send({ type: 'createAccount.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: 'user/email-invalid',
      password: 'user_info_error_password_rule_failed',
      fullName: 'user/last-name-missing',
      phoneNumber: 'phone_number_invalid',
    });
    expect(created).toEqual([]);
  });

  it('asks for a valid personal number in ssn mode, not for the name', () => {
    const { actor, fill } = start({ verifyWithSsn: true });
    fill({ email: 'ada@borealis.test' });
    actor.send({ type: 'createAccount.termsChanged', accepted: true });
    actor.send({ type: 'createAccount.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ ssn: 'auth/ssn-missing' });
    fill({ ssn: '199001011235' });
    actor.send({ type: 'createAccount.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ ssn: 'auth/ssn-invalid' });
  });

  it('clears the error of a field when it changes', () => {
    const { actor, fill } = start();
    actor.send({ type: 'createAccount.submit' });
    fill({ email: 'a' });
    actor.send({ type: 'createAccount.termsChanged', accepted: true });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ fullName: 'user/first-name-missing' });
  });

  it('sends the name-mode payload, waits the redirect 10 ms, then signs in with the chosen password', async () => {
    vi.useFakeTimers();
    const { actor, created, signIns, fill } = start();
    fill({
      email: ' ada@aurora.test ',
      password: 'Secret123',
      fullName: 'Ada King Lovelace',
      phoneNumber: '070-123 45 67',
      street: ' Main street 1 ',
      zipCode: '12345',
      city: 'Stockholm',
    });
    actor.send({ type: 'createAccount.termsChanged', accepted: true });
    actor.send({ type: 'createAccount.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(created).toEqual([
      {
        brandId: 'aurora',
        signInType: 'password',
        email: 'ada@aurora.test',
        password: 'Secret123',
        termsAccepted: true,
        firstName: 'Ada King',
        lastName: 'Lovelace',
        phoneNumber: '+46701234567',
        careOf: undefined,
        street: 'Main street 1',
        zipCode: '12345',
        city: 'Stockholm',
      },
    ]);
    expect(actor.getSnapshot().matches('redirecting')).toBe(true);
    await vi.advanceTimersByTimeAsync(9);
    expect(signIns).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(signIns).toEqual([{ email: 'ada@aurora.test', password: 'Secret123' }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });

  it('sends only the personal number in ssn mode and signs in with the generated password', async () => {
    const { actor, created, signIns, fill } = start(
      { verifyWithSsn: true },
      { create: async () => ({ user, tempPassword: 'Gen3ratedPw' }) },
    );
    fill({ email: 'ada@borealis.test', ssn: '19900101-1239', fullName: 'Ignored Name' });
    actor.send({ type: 'createAccount.termsChanged', accepted: true });
    actor.send({ type: 'createAccount.submit' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(created).toEqual([
      { brandId: 'aurora', signInType: 'password', email: 'ada@borealis.test', password: undefined, termsAccepted: true, ssn: '199001011239' },
    ]);
    expect(signIns).toEqual([{ email: 'ada@borealis.test', password: 'Gen3ratedPw' }]);
  });

  it.each([
    ['auth/email-already-exists', 'email'],
    ['auth/ssn-already-exists', 'ssn'],
    ['phone_number_invalid', 'phoneNumber'],
    ['create_need_to_accept_terms', 'termsAccepted'],
  ])('puts the server code %s on the %s field', async (code, field) => {
    const { actor, signIns, fill } = start({}, { create: () => Promise.reject(new ApiError(409, code, 'no')) });
    fill({ email: 'ada@aurora.test', fullName: 'Ada Lovelace' });
    actor.send({ type: 'createAccount.termsChanged', accepted: true });
    actor.send({ type: 'createAccount.submit' });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.fieldErrors).length > 0);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ [field]: code });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(signIns).toEqual([]);
  });

  it('tells other failures above the form and keeps what was typed', async () => {
    const { actor, fill } = start({}, { create: () => Promise.reject(new ApiError(600, 'failed_to_fetch', 'Network Error')) });
    fill({ email: 'ada@aurora.test', fullName: 'Ada Lovelace' });
    actor.send({ type: 'createAccount.termsChanged', accepted: true });
    actor.send({ type: 'createAccount.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ code: 'failed_to_fetch' });
    expect(actor.getSnapshot().context.form.email).toBe('ada@aurora.test');
  });

  it('retries only the sign-in when the account exists but signing in failed', async () => {
    const { actor, created, signIns, fill } = start(
      {},
      { signIn: [() => Promise.reject(new ApiError(600, 'failed_to_fetch', 'Network Error')), async () => ({ uid: 'u1' })] },
    );
    fill({ email: 'ada@aurora.test', password: 'Secret123', fullName: 'Ada Lovelace' });
    actor.send({ type: 'createAccount.termsChanged', accepted: true });
    actor.send({ type: 'createAccount.submit' });
    await waitFor(actor, (s) => s.matches('signInFailed'));
    expect(actor.getSnapshot().context.error).toEqual({ code: 'failed_to_fetch' });
    expect(actor.getSnapshot().can({ type: 'createAccount.submit' })).toBe(false);
    actor.send({ type: 'createAccount.retrySignIn' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(created).toHaveLength(1);
    expect(signIns).toHaveLength(2);
  });
});
