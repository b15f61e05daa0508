import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { forgotPasswordMachine } from '../../machines/forgotPassword.machine.ts';
import { ApiError } from '../../src/api/apiError.ts';

function start(answer: () => Promise<unknown> = async () => ({})) {
  const requests: string[] = [];
  let leftForSignIn = 0;
  const actor = createActor(
    forgotPasswordMachine.provide({
      actors: {
        requestPasswordReset: fromPromise<unknown, { email: string }>(async ({ input }) => {
          requests.push(input.email);
          return answer();
        }),
      },
      actions: { goToSignIn: () => void (leftForSignIn += 1) },
    }),
  );
  actor.start();
  return { actor, requests, leftForSignIn: () => leftForSignIn };
}

afterEach(() => vi.useRealTimers());

describe('forgot-password machine', () => {
  it('requires a valid e-mail before asking the server', () => {
    const { actor, requests } = start();
    actor.send({ type: 'forgotPassword.submit' });
    expect(actor.getSnapshot().context.emailError).toBe('user/email-missing');
    actor.send({ type: 'forgotPassword.emailChanged', value: 'ada@aurora' });
    expect(actor.getSnapshot().context.emailError).toBeNull();
    actor.send({ type: 'forgotPassword.submit' });
    expect(actor.getSnapshot().context.emailError).toBe('user/email-invalid');
    expect(requests).toEqual([]);
  });

  it('sends the trimmed e-mail, shows success, and goes to sign-in after 3 s', async () => {
    vi.useFakeTimers();
    const { actor, requests, leftForSignIn } = start();
    actor.send({ type: 'forgotPassword.emailChanged', value: ' ada@aurora.test ' });
    actor.send({ type: 'forgotPassword.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual(['ada@aurora.test']);
    expect(actor.getSnapshot().matches('sent')).toBe(true);
    await vi.advanceTimersByTimeAsync(2999);
    expect(leftForSignIn()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(leftForSignIn()).toBe(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('goes to sign-in at once when the message is dismissed, and only once', async () => {
    vi.useFakeTimers();
    const { actor, leftForSignIn } = start();
    actor.send({ type: 'forgotPassword.emailChanged', value: 'ada@aurora.test' });
    actor.send({ type: 'forgotPassword.submit' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'forgotPassword.dismiss' });
    expect(leftForSignIn()).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(leftForSignIn()).toBe(1);
  });

  it('tells an unknown e-mail and lets the member try again', async () => {
    let calls = 0;
    const { actor, leftForSignIn } = start(async () => {
      calls += 1;
      if (calls === 1) throw new ApiError(404, 'password_reset_user_not_found', 'Not found');
      return {};
    });
    actor.send({ type: 'forgotPassword.emailChanged', value: 'nobody@aurora.test' });
    actor.send({ type: 'forgotPassword.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ code: 'password_reset_user_not_found' });
    actor.send({ type: 'forgotPassword.submit' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('sent'));
    expect(leftForSignIn()).toBe(0);
  });
});
