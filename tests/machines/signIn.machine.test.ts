import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { signInMachine } from '../../machines/signIn.machine.ts';

function startSignIn(answer: () => Promise<unknown>) {
  const calls: { email: string; password: string }[] = [];
  const actor = createActor(
    signInMachine.provide({
      actors: {
        signInWithPassword: fromPromise<unknown, { email: string; password: string }>(async ({ input }) => {
          calls.push(input);
          return answer();
        }),
      },
    }),
    { input: {} },
  );
  actor.start();
  return { actor, calls };
}

describe('sign-in form machine', () => {
  it('does not call the identity provider with invalid fields, and names the spec keys', () => {
    const { actor, calls } = startSignIn(async () => undefined);
    actor.send({ type: 'signIn.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: 'signin_error_enter_email',
      password: 'signin_error_enter_password',
    });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(calls).toEqual([]);
  });

  it('clears a field error when that field changes', () => {
    const { actor } = startSignIn(async () => undefined);
    actor.send({ type: 'signIn.submit' });
    actor.send({ type: 'signIn.emailChanged', value: 'm' });
    expect(actor.getSnapshot().context.fieldErrors.email).toBeUndefined();
    expect(actor.getSnapshot().context.fieldErrors.password).toBe('signin_error_enter_password');
  });

  it('signs in with the trimmed e-mail', async () => {
    const { actor, calls } = startSignIn(async () => undefined);
    actor.send({ type: 'signIn.emailChanged', value: '  member@aurora.test ' });
    actor.send({ type: 'signIn.passwordChanged', value: 'Password1' });
    actor.send({ type: 'signIn.submit' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(calls).toEqual([{ email: 'member@aurora.test', password: 'Password1' }]);
  });

  it('keeps the provider error code and clears the password on failure', async () => {
    const { actor } = startSignIn(async () => Promise.reject({ code: 'auth/invalid-credential' }));
    actor.send({ type: 'signIn.emailChanged', value: 'member@aurora.test' });
    actor.send({ type: 'signIn.passwordChanged', value: 'wrong' });
    actor.send({ type: 'signIn.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ error: { code: 'auth/invalid-credential' }, password: '' });
  });

  it('starts with the error the app signed the user out for', () => {
    const actor = createActor(signInMachine, { input: { error: { code: 'no_role_with_app_url' } } }).start();
    expect(actor.getSnapshot().context.error).toEqual({ code: 'no_role_with_app_url' });
  });
});
