import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { resetPasswordMachine } from '../../machines/resetPassword.machine.ts';
import { ApiError } from '../../src/api/apiError.ts';

type Update = { verificationId: string; password: string };

function start(answer: () => Promise<unknown> = async () => ({})) {
  const updates: Update[] = [];
  let leftForSignIn = 0;
  const actor = createActor(
    resetPasswordMachine.provide({
      actors: {
        updatePassword: fromPromise<unknown, Update>(async ({ input }) => {
          updates.push(input);
          return answer();
        }),
      },
      actions: { goToSignIn: () => void (leftForSignIn += 1) },
    }),
    { input: { token: 'tok-123' } },
  );
  actor.start();
  const type = (password: string, repeat: string) => {
    actor.send({ type: 'resetPassword.passwordChanged', value: password });
    actor.send({ type: 'resetPassword.repeatChanged', value: repeat });
  };
  return { actor, updates, type, leftForSignIn: () => leftForSignIn };
}

afterEach(() => vi.useRealTimers());

describe('reset-password machine', () => {
  it.each([
    ['', '', { password: 'user/password-missing', repeat: 'user/password-missing' }],
    ['Secret123', '', { repeat: 'user/password-missing' }],
    ['Secret123', 'Secret124', { repeat: 'user_info_error_password_dont_match' }],
    ['secret123', 'secret123', { password: 'user_info_error_password_rule_failed' }],
    ['Secret 123', 'Secret 123', { password: 'user_info_error_password_rule_failed' }],
  ])('refuses %j / %j with the spec keys', (password, repeat, errors) => {
    const { actor, updates, type } = start();
    type(password, repeat);
    actor.send({ type: 'resetPassword.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual(errors);
    expect(updates).toEqual([]);
  });

  it('sends the token and the password, shows success, and goes to sign-in after 3 s', async () => {
    vi.useFakeTimers();
    const { actor, updates, type, leftForSignIn } = start();
    type('Secret123', 'Secret123');
    actor.send({ type: 'resetPassword.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(updates).toEqual([{ verificationId: 'tok-123', password: 'Secret123' }]);
    expect(actor.getSnapshot().matches('saved')).toBe(true);
    await vi.advanceTimersByTimeAsync(2999);
    expect(leftForSignIn()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(leftForSignIn()).toBe(1);
  });

  it('goes to sign-in on dismissal', async () => {
    const { actor, type, leftForSignIn } = start();
    type('Secret123', 'Secret123');
    actor.send({ type: 'resetPassword.submit' });
    await waitFor(actor, (s) => s.matches('saved'));
    actor.send({ type: 'resetPassword.dismiss' });
    expect(leftForSignIn()).toBe(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it.each(['password_reset_token_invalid', 'password_reset_token_expired'])(
    'a dead link (%s) ends the form and offers no retry',
    async (code) => {
      const { actor, type, leftForSignIn } = start(() => Promise.reject(new ApiError(400, code, 'no')));
      type('Secret123', 'Secret123');
      actor.send({ type: 'resetPassword.submit' });
      await waitFor(actor, (s) => s.matches('linkFailed'));
      expect(actor.getSnapshot().context.error).toEqual({ code });
      expect(actor.getSnapshot().can({ type: 'resetPassword.submit' })).toBe(false);
      expect(leftForSignIn()).toBe(0);
    },
  );

  it('puts the server password refusal on the field and other failures above the form', async () => {
    const answers = [new ApiError(400, 'auth/invalid-password', 'no'), new ApiError(600, 'failed_to_fetch', 'Network Error')];
    const { actor, type } = start(() => Promise.reject(answers.shift()));
    type('Secret123', 'Secret123');
    actor.send({ type: 'resetPassword.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.fieldErrors.password !== undefined);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: 'user_info_error_password_rule_failed' });
    actor.send({ type: 'resetPassword.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ code: 'failed_to_fetch' });
  });
});
