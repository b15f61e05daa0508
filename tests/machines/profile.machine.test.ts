import { stillBrowserHistory } from './sessionFakes.ts';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { profileMachine, type Credentials, type UpdateRequest } from '../../machines/profile.machine.ts';
import { appMachine } from '../../machines/app.machine.ts';
import { type Member } from '../../machines/app.rules.ts';
import type { sessionMachine } from '../../machines/session.machine.ts';
import { navigatorMachine } from '../../machines/navigator.machine.ts';
import { ApiError } from '../../src/api/apiError.ts';
import type { ProfileField } from '../../domain/profileForm.ts';
import type { User } from '../../contract/user.ts';
import type { Brand } from '../../contract/brand.ts';
import { testBrand, testMember, testNavigation, steadyConnection } from './fixtures.ts';
import { memberLoadWith, withChildFakes } from './appChildFakes.ts';

const savedUser = (overrides: Partial<User> = {}): User => ({
  ...testMember().user,
  addressList: [{ careOf: '', street: 'Storgatan 1', zipCode: '11122', city: 'Stockholm' }],
  ...overrides,
});

/** A profile over fakes: `answers` answer the update calls in order; everything called is recorded. */
function startProfile(
  options: { user?: User; answers?: (User | Error)[]; signInFails?: boolean | Error[]; deleteFails?: boolean; deleteAnswers?: Error[] } = {},
) {
  const user = options.user ?? savedUser();
  const answers = [...(options.answers ?? [])];
  const deleteAnswers = [...(options.deleteAnswers ?? [])];
  const signInAnswers = Array.isArray(options.signInFails) ? [...options.signInFails] : [];
  const sent: UpdateRequest[] = [];
  const signIns: Credentials[] = [];
  const ran: string[] = [];
  const updated: User[] = [];
  const actor = createActor(
    profileMachine.provide({
      actors: {
        updateUser: fromPromise<User, UpdateRequest>(async ({ input }) => {
          sent.push(input);
          const answer = answers.shift() ?? { ...user, ...input };
          if (answer instanceof Error) throw answer;
          return answer as User;
        }),
        signInAgain: fromPromise<void, Credentials>(async ({ input }) => {
          signIns.push(input);
          const refusal = signInAnswers.shift();
          if (refusal) throw refusal;
          if (options.signInFails === true) throw new ApiError(600, 'failed_to_fetch', 'Network Error');
        }),
        deleteAccount: fromPromise<void>(async () => {
          ran.push('deleteAccount');
          const refusal = deleteAnswers.shift();
          if (refusal) throw refusal;
          if (options.deleteFails) throw new ApiError(500, 'internal_error', 'down');
        }),
      },
      actions: {
        userUpdated: (_, u: User) => void updated.push(u),
        refreshSession: () => void ran.push('refreshSession'),
        signOut: () => void ran.push('signOut'),
      },
    }),
    { input: { user } },
  ).start();
  const type = (field: ProfileField, value: string) => actor.send({ type: 'profile.fieldChanged', field, value });
  return { actor, sent, signIns, ran, updated, type };
}

type ProfileActor = ReturnType<typeof startProfile>['actor'];

/** The current-password dialog the profile invoked; the test fails here if there is none. */
function dialog(actor: ProfileActor) {
  const ref = actor.getSnapshot().children.currentPassword;
  if (!ref) throw new Error(`no current-password dialog in ${JSON.stringify(actor.getSnapshot().value)}`);
  return ref;
}

describe('profile machine', () => {
  it('fills the form from the user: full name, first address, empty company and password fields', () => {
    const { actor } = startProfile({ user: savedUser({ ssn: '199001011234' }) });
    expect(actor.getSnapshot().context.form).toMatchObject({
      fullName: 'Maja Lind', email: 'member@aurora.test', phoneNumber: '+46701234567',
      street: 'Storgatan 1', zipCode: '11122', city: 'Stockholm', companyName: '', companyStreet: '', newPassword: '',
    });
  });

  it('sends nothing and says so when nothing changed', async () => {
    const { actor, sent, type } = startProfile();
    type('fullName', ' Maja  Lind ');
    type('phoneNumber', '070-123 45 67');
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().matches({ editing: 'unchanged' })).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([]);
  });

  it('says nothing changed, rather than asking for the address, when a member without one saves untouched', async () => {
    const { actor, sent } = startProfile({ user: savedUser({ addressList: [] }) });
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().matches({ editing: 'unchanged' })).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([]);
  });

  it('sends only the changed fields: the split name, the phone with +46 and the address', async () => {
    const { actor, sent, updated, signIns, type } = startProfile();
    type('fullName', 'Maja Karin Berg');
    type('phoneNumber', '0709 87 65 43');
    type('city', 'Uppsala');
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.matches({ editing: 'saved' }));
    expect(sent).toEqual([
      {
        firstName: 'Maja Karin',
        lastName: 'Berg',
        phoneNumber: '+46709876543',
        addressList: [{ careOf: '', street: 'Storgatan 1', zipCode: '11122', city: 'Uppsala' }],
      },
    ]);
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({ firstName: 'Maja Karin', lastName: 'Berg', phoneNumber: '+46709876543' });
    expect(signIns).toEqual([]);
    // The form now shows what the server saved, so saving again sends nothing.
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().matches({ editing: 'unchanged' })).toBe(true);
  });

  it('sends the company name and address together, and null when they are emptied', async () => {
    const { actor, sent, type } = startProfile({
      user: savedUser({ companyName: 'Lind AB', companyAddress: { careOf: '', street: 'Verkstadsv 2', zipCode: '12345', city: 'Solna' } }),
    });
    for (const field of ['companyName', 'companyStreet', 'companyZipCode', 'companyCity'] as const) type(field, '');
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.matches({ editing: 'saved' }));
    expect(sent).toEqual([{ companyName: null, companyAddress: null }]);
  });

  it('tells each invalid field per spec 5 (a started company address needs street, zip code and city) and sends nothing', () => {
    const { actor, sent, type } = startProfile();
    type('fullName', 'Maja');
    type('email', 'maja@aurora');
    type('phoneNumber', '12345');
    type('street', ' ');
    type('companyName', 'Lind AB');
    type('companyCareOf', 'Maja');
    type('newPassword', 'abc');
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      fullName: 'user_info_error_last_name_missing',
      email: 'user_info_error_email',
      phoneNumber: 'user_info_error_phone',
      street: 'user_info_error_required',
      companyStreet: 'user_info_error_required',
      companyZipCode: 'user_info_error_required',
      companyCity: 'user_info_error_required',
      newPassword: 'user_info_error_password_too_short',
    });
    type('newPassword', 'abcdefgh');
    type('fullName', '');
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().context.fieldErrors).toMatchObject({
      fullName: 'user_info_error_first_name_missing',
      newPassword: 'user_info_error_password_rule_failed',
    });
    type('newPassword', 'Abcdefg1');
    type('repeatPassword', 'Abcdefg2');
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().context.fieldErrors.repeatPassword).toBe('user_info_error_password_dont_match');
    expect(actor.getSnapshot().context.fieldErrors.newPassword).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it('clears a field error as the member edits that field', () => {
    const { actor, type } = startProfile();
    type('email', 'nope');
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().context.fieldErrors.email).toBe('user_info_error_email');
    type('email', 'nope@');
    expect(actor.getSnapshot().context.fieldErrors.email).toBeUndefined();
  });

  it('asks for the current password before an e-mail change, then signs in again with the new e-mail', async () => {
    const { actor, sent, signIns, ran, updated, type } = startProfile({
      answers: [new ApiError(400, 'auth/wrong-password', 'Wrong'), savedUser({ email: 'maja@new.test' })],
    });
    type('email', 'maja@new.test');
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().matches('confirmingPassword')).toBe(true);
    expect(sent).toEqual([]);

    dialog(actor).send({ type: 'currentPassword.confirm' });
    expect(dialog(actor).getSnapshot().matches({ editing: 'missing' })).toBe(true);

    dialog(actor).send({ type: 'currentPassword.changed', value: 'Wrong1234' });
    dialog(actor).send({ type: 'currentPassword.confirm' });
    await waitFor(dialog(actor), (s) => s.matches({ editing: 'refused' }));
    expect(actor.getSnapshot().matches({ confirmingPassword: 'asking' })).toBe(true);
    expect(dialog(actor).getSnapshot().context).toEqual({ password: '', refusal: { code: 'auth/wrong-password' } });
    expect(actor.getSnapshot().context.currentPassword).toBe('');
    expect(signIns).toEqual([]);

    dialog(actor).send({ type: 'currentPassword.changed', value: 'Password1' });
    dialog(actor).send({ type: 'currentPassword.confirm' });
    await waitFor(actor, (s) => s.matches({ editing: 'saved' }));
    expect(sent).toEqual([
      { email: 'maja@new.test', currentPassword: 'Wrong1234' },
      { email: 'maja@new.test', currentPassword: 'Password1' },
    ]);
    expect(signIns).toEqual([{ email: 'maja@new.test', password: 'Password1' }]);
    expect(ran).toEqual(['refreshSession']);
    expect(updated.map((u) => u.email)).toEqual(['maja@new.test']);
    expect(actor.getSnapshot().context.currentPassword).toBe('');
    expect(actor.getSnapshot().context.form.email).toBe('maja@new.test');
  });

  it('signs in again with the new password after a password change, and forgets the passwords', async () => {
    const { actor, sent, signIns, ran, type } = startProfile();
    type('newPassword', 'NewPassw0rd');
    type('repeatPassword', 'NewPassw0rd');
    actor.send({ type: 'profile.save' });
    dialog(actor).send({ type: 'currentPassword.changed', value: 'Password1' });
    dialog(actor).send({ type: 'currentPassword.confirm' });
    await waitFor(actor, (s) => s.matches({ editing: 'saved' }));
    expect(sent).toEqual([{ password: 'NewPassw0rd', currentPassword: 'Password1' }]);
    expect(signIns).toEqual([{ email: 'member@aurora.test', password: 'NewPassw0rd' }]);
    expect(ran).toEqual(['refreshSession']);
    expect(actor.getSnapshot().context.form).toMatchObject({ newPassword: '', repeatPassword: '' });
  });

  it('cancelling the current-password prompt sends nothing and keeps the edits', async () => {
    const { actor, sent, type } = startProfile();
    type('email', 'maja@new.test');
    actor.send({ type: 'profile.save' });
    dialog(actor).send({ type: 'currentPassword.changed', value: 'Password1' });
    dialog(actor).send({ type: 'currentPassword.cancel' });
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.currentPassword).toBe('');
    expect(actor.getSnapshot().context.form.email).toBe('maja@new.test');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([]);
  });

  it('marks the field the server refused in a save that needs no password', async () => {
    const { actor, updated, type } = startProfile({ answers: [new ApiError(400, 'phone_number_invalid', 'phone invalid')] });
    type('phoneNumber', '+4670');
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.matches({ editing: 'refused' }));
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ phoneNumber: 'phone_number_invalid' });
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(updated).toEqual([]);
  });

  it.each([
    ['user/first-name-missing', 'fullName'],
    ['user/last-name-missing', 'fullName'],
    ['user/address-list-street-missing', 'street'],
    ['user/address-list-zip-code-missing', 'zipCode'],
    ['user/address-list-city-missing', 'city'],
    ['user/phone-number-missing', 'phoneNumber'],
  ] as [string, ProfileField][])('marks %s on the %s field', async (code, field) => {
    const { actor, type } = startProfile({ answers: [new ApiError(400, code, 'refused')] });
    type('companyName', 'Acme');
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.matches({ editing: 'refused' }));
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ [field]: code });
  });

  it('a taken e-mail closes the prompt and is told at the e-mail field', async () => {
    const { actor, type } = startProfile({ answers: [new ApiError(409, 'auth/email-already-exists', 'taken')] });
    type('email', 'taken@aurora.test');
    actor.send({ type: 'profile.save' });
    dialog(actor).send({ type: 'currentPassword.changed', value: 'Password1' });
    dialog(actor).send({ type: 'currentPassword.confirm' });
    await waitFor(actor, (s) => s.matches({ editing: 'refused' }));
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'auth/email-already-exists' });
    expect(actor.getSnapshot().context.currentPassword).toBe('');
  });

  it('a new password the server refuses is told at the new-password field', async () => {
    const { actor, type } = startProfile({ answers: [new ApiError(400, 'auth/invalid-password', 'weak')] });
    type('newPassword', 'Password2');
    type('repeatPassword', 'Password2');
    actor.send({ type: 'profile.save' });
    dialog(actor).send({ type: 'currentPassword.changed', value: 'Password1' });
    dialog(actor).send({ type: 'currentPassword.confirm' });
    await waitFor(actor, (s) => s.matches({ editing: 'refused' }));
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ newPassword: 'auth/invalid-password' });
  });

  it('a failed sign-in after a saved e-mail change is told, and the form shows the saved profile', async () => {
    const { actor, updated, ran, type } = startProfile({ signInFails: true, answers: [savedUser({ email: 'maja@new.test' })] });
    type('email', 'maja@new.test');
    actor.send({ type: 'profile.save' });
    dialog(actor).send({ type: 'currentPassword.changed', value: 'Password1' });
    dialog(actor).send({ type: 'currentPassword.confirm' });
    await waitFor(actor, (s) => s.matches({ editing: 'failed' }));
    expect(actor.getSnapshot().context.error).toEqual({ code: 'failed_to_fetch' });
    expect(updated).toHaveLength(1);
    expect(ran).toEqual([]);
    expect(actor.getSnapshot().context.form.email).toBe('maja@new.test');
  });

  it('deletes the account only after the confirm dialog, then signs out', async () => {
    const { actor, ran } = startProfile();
    actor.send({ type: 'profile.deleteRequested' });
    expect(actor.getSnapshot().matches('confirmingDelete')).toBe(true);
    actor.send({ type: 'profile.deleteCancelled' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(ran).toEqual([]);

    actor.send({ type: 'profile.deleteRequested' });
    actor.send({ type: 'profile.deleteConfirmed' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().matches('deleted')).toBe(true);
    expect(ran).toEqual(['deleteAccount', 'signOut']);
  });

  it('a failed deletion stays in the dialog with the error and does not sign out', async () => {
    const { actor, ran } = startProfile({ deleteFails: true });
    actor.send({ type: 'profile.deleteRequested' });
    actor.send({ type: 'profile.deleteConfirmed' });
    await waitFor(actor, (s) => s.matches({ confirmingDelete: 'failed' }));
    expect(actor.getSnapshot().context.error).toEqual({ code: 'internal_error' });
    expect(ran).toEqual(['deleteAccount']);
  });
});

describe('deleting after an old sign-in (auth/requires-recent-login)', () => {
  const recentLoginRequired = () => new ApiError(403, 'auth/requires-recent-login', 'Sign in again to delete the account');

  /** Confirms the delete; the server answers that the sign-in is too old. */
  async function deleteWithOldSignIn(options: Parameters<typeof startProfile>[0] = {}) {
    const profile = startProfile({ ...options, deleteAnswers: [recentLoginRequired(), ...(options.deleteAnswers ?? [])] });
    profile.actor.send({ type: 'profile.deleteRequested' });
    profile.actor.send({ type: 'profile.deleteConfirmed' });
    await waitFor(profile.actor, (s) => s.matches('renewingSignIn'));
    return profile;
  }

  it('asks for the password, signs in again with the e-mail and that password, then deletes once more and signs out', async () => {
    const { actor, ran, signIns } = await deleteWithOldSignIn();
    expect(actor.getSnapshot().matches({ renewingSignIn: 'asking' })).toBe(true);
    expect(dialog(actor).getSnapshot().matches({ editing: 'asking' })).toBe(true);
    expect(ran).toEqual(['deleteAccount']);

    dialog(actor).send({ type: 'currentPassword.confirm' });
    expect(dialog(actor).getSnapshot().matches({ editing: 'missing' })).toBe(true);
    expect(signIns).toEqual([]);

    dialog(actor).send({ type: 'currentPassword.changed', value: 'Password1' });
    dialog(actor).send({ type: 'currentPassword.confirm' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().matches('deleted')).toBe(true);
    expect(signIns).toEqual([{ email: 'member@aurora.test', password: 'Password1' }]);
    expect(ran).toEqual(['deleteAccount', 'refreshSession', 'deleteAccount', 'signOut']);
    expect(actor.getSnapshot().context.currentPassword).toBe('');
  });

  it('a wrong password is told in the dialog, sends no delete, and the next password is tried', async () => {
    const { actor, ran, signIns } = await deleteWithOldSignIn({
      signInFails: [new ApiError(401, 'auth/wrong-password', 'wrong')],
    });
    dialog(actor).send({ type: 'currentPassword.changed', value: 'Wrong1234' });
    dialog(actor).send({ type: 'currentPassword.confirm' });
    await waitFor(dialog(actor), (s) => s.matches({ editing: 'refused' }));
    expect(actor.getSnapshot().matches({ renewingSignIn: 'asking' })).toBe(true);
    expect(dialog(actor).getSnapshot().context).toEqual({ password: '', refusal: { code: 'auth/wrong-password' } });
    expect(actor.getSnapshot().context.currentPassword).toBe('');
    expect(ran).toEqual(['deleteAccount']);

    dialog(actor).send({ type: 'currentPassword.changed', value: 'Password1' });
    expect(dialog(actor).getSnapshot().matches({ editing: 'asking' })).toBe(true);
    expect(dialog(actor).getSnapshot().context.refusal).toBeNull();
    dialog(actor).send({ type: 'currentPassword.confirm' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(signIns.map((c) => c.password)).toEqual(['Wrong1234', 'Password1']);
    expect(ran).toEqual(['deleteAccount', 'refreshSession', 'deleteAccount', 'signOut']);
  });

  it('cancel closes the dialog with nothing more sent: no sign-in, no delete, no sign-out', async () => {
    const { actor, ran, signIns } = await deleteWithOldSignIn();
    dialog(actor).send({ type: 'currentPassword.changed', value: 'Password1' });
    dialog(actor).send({ type: 'currentPassword.cancel' });
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.currentPassword).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(signIns).toEqual([]);
    expect(ran).toEqual(['deleteAccount']);
  });

  it('retries only once: a second refusal is told in the delete dialog', async () => {
    const { actor, ran } = await deleteWithOldSignIn({ deleteAnswers: [recentLoginRequired()] });
    dialog(actor).send({ type: 'currentPassword.changed', value: 'Password1' });
    dialog(actor).send({ type: 'currentPassword.confirm' });
    await waitFor(actor, (s) => s.matches({ confirmingDelete: 'failed' }));
    expect(actor.getSnapshot().context.error).toEqual({ code: 'auth/requires-recent-login' });
    expect(ran).toEqual(['deleteAccount', 'refreshSession', 'deleteAccount']);
  });

  it('a sign-in that fails for another reason than the password is told in the delete dialog', async () => {
    const { actor, ran } = await deleteWithOldSignIn({ signInFails: true });
    dialog(actor).send({ type: 'currentPassword.changed', value: 'Password1' });
    dialog(actor).send({ type: 'currentPassword.confirm' });
    await waitFor(actor, (s) => s.matches({ confirmingDelete: 'failed' }));
    expect(actor.getSnapshot().context.error).toEqual({ code: 'failed_to_fetch' });
    expect(ran).toEqual(['deleteAccount']);
  });
});

describe('app.userUpdated', () => {
  it('gives the content phase the saved user', async () => {
    const member: Member = testMember();
    const actor = createActor(
      appMachine.provide({
        actors: withChildFakes({
          connection: steadyConnection,
          loadBrand: fromPromise<Brand>(async () => testBrand()),
          memberLoad: memberLoadWith(fromPromise<Member, { uid: string | null }>(async () => member)),
          navigator: navigatorMachine.provide({ actors: { browserHistory: stillBrowserHistory }, actions: { applyHistory: () => undefined, saveNavigation: () => undefined } }),
          // A stand-in that is signed in at once: the session's token life is not what this test is about.
          session: fromCallback(({ sendBack }) => {
            sendBack({ type: 'session.signedIn', user: { uid: 'uid-1', email: 'member@aurora.test' } });
          }) as unknown as typeof sessionMachine,
        }),
      }),
      {
        input: testNavigation('/more/userinfo'),
      },
    ).start();
    await waitFor(actor, (s) => s.matches('content'));
    const user = { ...member.user, firstName: 'Karin', fullName: 'Karin Lind' };
    actor.send({ type: 'app.userUpdated', user });
    expect(actor.getSnapshot().context.member).toEqual({ role: member.role, user });
    expect(actor.getSnapshot().matches('content')).toBe(true);
  });
});
