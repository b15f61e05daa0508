import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, waitFor, type AnyEventObject } from 'xstate';
import { setUpMachine, type CompleteOnboardingRequest, type SetUpInput } from '../../machines/setUp.machine.ts';
import type { User } from '../../contract/user.ts';
import { testMember } from './fixtures.ts';

const optionsInput: SetUpInput = {
  settings: { referralCodeInputType: 'options', referralCodeInputFieldLength: 6, referralCodeInputHint: '' },
  user: { email: 'new@aurora.test', phoneNumber: null, passwordChosen: false },
};

interface Fakes {
  saved?: string | null;
  complete?: (request: CompleteOnboardingRequest) => Promise<User>;
  signIn?: () => Promise<unknown>;
}

/** The set-up machine invoked like the app does, beside a session actor that records what it is told. */
function startSetUp(input: SetUpInput = optionsInput, fakes: Fakes = {}) {
  const requests: CompleteOnboardingRequest[] = [];
  const signIns: { email: string; password: string }[] = [];
  const sessionEvents: AnyEventObject[] = [];
  let forgotten = 0;
  const setUp = setUpMachine.provide({
    actors: {
      loadSavedReferralCode: fromPromise(async () => fakes.saved ?? null),
      completeOnboarding: fromPromise<User, CompleteOnboardingRequest>(async ({ input }) => {
        requests.push(input);
        return fakes.complete ? fakes.complete(input) : { ...testMember(true).user };
      }),
      signInWithPassword: fromPromise<unknown, { email: string; password: string }>(async ({ input }) => {
        signIns.push(input);
        return fakes.signIn?.();
      }),
    },
    actions: { forgetReferralCode: () => void forgotten++ },
  });
  const parent = setup({
    actors: { setUp, session: fromCallback(({ receive }) => receive((event) => void sessionEvents.push(event))) },
  }).createMachine({
    initial: 'settingUp',
    invoke: { src: 'session', systemId: 'session' },
    states: {
      settingUp: { invoke: { src: 'setUp', id: 'setUp', input, onDone: 'completed' } },
      completed: {},
    },
  });
  const app = createActor(parent).start();
  const actor = app.getSnapshot().children.setUp!;
  const ref = actor as unknown as ReturnType<typeof createActor<typeof setUpMachine>>;
  return { app, ref, requests, signIns, sessionEvents, forgotten: () => forgotten };
}

const fillValid = (ref: ReturnType<typeof startSetUp>['ref']) => {
  ref.send({ type: 'setUp.phoneChanged', value: '070-123 45 67' });
  ref.send({ type: 'setUp.passwordChanged', value: 'Secret123' });
  ref.send({ type: 'setUp.cardChosen', index: 2 });
};

describe('set-up machine', () => {
  it('names the spec 5 errors and sends nothing while the form is invalid', async () => {
    const { ref, requests } = startSetUp();
    await waitFor(ref, (s) => s.matches('editing'));
    ref.send({ type: 'setUp.submit' });
    expect(ref.getSnapshot().context.fieldErrors).toEqual({
      phone: 'setup_error_enter_phone',
      password: 'setup_error_enter_password',
      referral: 'setup_error_choose_card',
    });
    ref.send({ type: 'setUp.cardChosen', index: 3 });
    ref.send({ type: 'setUp.cardDigitsEntered', index: 0, digits: '123' });
    ref.send({ type: 'setUp.submit' });
    expect(ref.getSnapshot().context.fieldErrors.referral).toBe('setup_error_card_digits');
    expect(ref.getSnapshot().matches('editing')).toBe(true);
    expect(requests).toEqual([]);
  });

  it('clears only the edited field error', async () => {
    const { ref } = startSetUp();
    await waitFor(ref, (s) => s.matches('editing'));
    ref.send({ type: 'setUp.submit' });
    ref.send({ type: 'setUp.phoneChanged', value: '0' });
    expect(ref.getSnapshot().context.fieldErrors).toEqual({
      phone: undefined,
      password: 'setup_error_enter_password',
      referral: 'setup_error_choose_card',
    });
  });

  it('completes, signs in again with the new e-mail and password, refreshes the session and forgets the saved code', async () => {
    const { app, ref, requests, signIns, sessionEvents, forgotten } = startSetUp(optionsInput, { saved: '522660' });
    await waitFor(ref, (s) => s.matches('editing'));
    expect(ref.getSnapshot().context.form.card).toBe(0);
    fillValid(ref);
    ref.send({ type: 'setUp.emailChanged', value: ' moved@aurora.test ' });
    ref.send({ type: 'setUp.submit' });
    await waitFor(app, (s) => s.matches('completed'));
    expect(requests).toEqual([{ email: 'moved@aurora.test', phoneNumber: '+46701234567', password: 'Secret123', referralCode: '521358' }]);
    expect(signIns).toEqual([{ email: 'moved@aurora.test', password: 'Secret123' }]);
    expect(sessionEvents).toEqual([{ type: 'session.refresh' }]);
    expect(forgotten()).toBe(1);
  });

  it('does not ask again for a password chosen at sign-up: completes without signing in again', async () => {
    const { app, ref, requests, signIns, sessionEvents } = startSetUp({ ...optionsInput, user: { email: 'new@aurora.test', phoneNumber: null, passwordChosen: true } });
    await waitFor(ref, (s) => s.matches('editing'));
    ref.send({ type: 'setUp.submit' });
    expect(ref.getSnapshot().context.fieldErrors).toEqual({ phone: 'setup_error_enter_phone', referral: 'setup_error_choose_card' });
    ref.send({ type: 'setUp.phoneChanged', value: '070-123 45 67' });
    ref.send({ type: 'setUp.cardChosen', index: 1 });
    ref.send({ type: 'setUp.submit' });
    await waitFor(app, (s) => s.matches('completed'));
    expect(requests).toEqual([{ phoneNumber: '+46701234567', referralCode: '522661' }]);
    expect(signIns).toEqual([]);
    expect(sessionEvents).toEqual([{ type: 'session.refresh' }]);
  });

  it('signs in with the e-mail it had when the e-mail is unchanged', async () => {
    const { app, ref, requests, signIns } = startSetUp({ ...optionsInput, user: { email: 'New@Aurora.test', phoneNumber: '+46709999999', passwordChosen: false } });
    await waitFor(ref, (s) => s.matches('editing'));
    ref.send({ type: 'setUp.passwordChanged', value: 'Secret123' });
    ref.send({ type: 'setUp.cardChosen', index: 0 });
    ref.send({ type: 'setUp.emailChanged', value: 'new@aurora.test' });
    ref.send({ type: 'setUp.submit' });
    await waitFor(app, (s) => s.matches('completed'));
    expect(requests[0]).toEqual({ phoneNumber: '+46709999999', password: 'Secret123', referralCode: '522660' });
    expect(signIns[0]!.email).toBe('New@Aurora.test');
  });

  it('tells a server field error at its field and other errors on the form', async () => {
    const answers = [{ code: 'referral_code_invalid' }, { status: 600, code: 'failed_to_fetch' }];
    const { ref } = startSetUp(optionsInput, { complete: async () => Promise.reject(answers.shift()) });
    await waitFor(ref, (s) => s.matches('editing'));
    fillValid(ref);
    ref.send({ type: 'setUp.submit' });
    await waitFor(ref, (s) => s.matches('editing') && s.context.fieldErrors.referral !== undefined);
    expect(ref.getSnapshot().context).toMatchObject({ fieldErrors: { referral: 'referral_code_invalid' }, error: null });
    ref.send({ type: 'setUp.submit' });
    await waitFor(ref, (s) => s.matches('editing') && s.context.error !== null);
    expect(ref.getSnapshot().context).toMatchObject({ fieldErrors: {}, error: { code: 'failed_to_fetch' } });
  });

  it('retries only the sign-in when it fails after completion', async () => {
    let failures = 1;
    const { app, ref, requests, signIns } = startSetUp(optionsInput, {
      signIn: async () => {
        if (failures-- > 0) throw { code: 'failed_to_fetch' };
      },
    });
    await waitFor(ref, (s) => s.matches('editing'));
    fillValid(ref);
    ref.send({ type: 'setUp.submit' });
    await waitFor(ref, (s) => s.matches('signInFailed'));
    expect(ref.getSnapshot().context.error).toEqual({ code: 'failed_to_fetch' });
    ref.send({ type: 'setUp.submit' });
    expect(ref.getSnapshot().matches('signInFailed')).toBe(true);
    ref.send({ type: 'setUp.retry' });
    await waitFor(app, (s) => s.matches('completed'));
    expect(requests).toHaveLength(1);
    expect(signIns).toHaveLength(2);
  });

  it('moves on when the account was completed elsewhere', async () => {
    const { app, ref, signIns } = startSetUp(optionsInput, {
      complete: async () => Promise.reject({ status: 409, code: 'user/onboarding-already-completed' }),
    });
    await waitFor(ref, (s) => s.matches('editing'));
    fillValid(ref);
    ref.send({ type: 'setUp.submit' });
    await waitFor(app, (s) => s.matches('completed'));
    expect(signIns).toEqual([]);
  });

  it('cuts a typed code to the brand length and sends no code when the brand asks none', async () => {
    const code = startSetUp({ ...optionsInput, settings: { ...optionsInput.settings, referralCodeInputType: 'code' } });
    await waitFor(code.ref, (s) => s.matches('editing'));
    code.ref.send({ type: 'setUp.referralCodeChanged', value: 'ABC123XYZ' });
    expect(code.ref.getSnapshot().context.form.referralCode).toBe('ABC123');

    const none = startSetUp({ ...optionsInput, settings: { ...optionsInput.settings, referralCodeInputType: 'none' } });
    await waitFor(none.ref, (s) => s.matches('editing'));
    none.ref.send({ type: 'setUp.phoneChanged', value: '+4791234567' });
    none.ref.send({ type: 'setUp.passwordChanged', value: 'Secret123' });
    none.ref.send({ type: 'setUp.submit' });
    await waitFor(none.app, (s) => s.matches('completed'));
    expect(none.requests).toEqual([{ phoneNumber: '+4791234567', password: 'Secret123' }]);
  });

  it('ignores edits while the form is being sent', async () => {
    let answer: (user: User) => void = () => undefined;
    const { ref, requests } = startSetUp(optionsInput, { complete: () => new Promise((resolve) => (answer = resolve)) });
    await waitFor(ref, (s) => s.matches('editing'));
    fillValid(ref);
    ref.send({ type: 'setUp.submit' });
    expect(ref.getSnapshot().hasTag('busy')).toBe(true);
    ref.send({ type: 'setUp.passwordChanged', value: 'Other123' });
    ref.send({ type: 'setUp.submit' });
    expect(ref.getSnapshot().context.form.password).toBe('Secret123');
    answer(testMember(true).user);
    expect(requests).toHaveLength(1);
  });
});
