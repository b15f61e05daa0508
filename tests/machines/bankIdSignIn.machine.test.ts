import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bankIdSignInMachine, collectIntervalMs, type BankIdCollect } from '../../machines/bankIdSignIn.machine.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** The machine over scripted collect answers (a function may throw). */
function start(answers: (() => BankIdCollect)[], signIn: (token: string) => Promise<unknown> = async () => undefined) {
  const collected: string[] = [];
  const signedInWith: string[] = [];
  const actor = createActor(
    bankIdSignInMachine.provide({
      actors: {
        startOrder: fromPromise(async () => ({ orderRef: 'o-1', autoStartToken: 'a-1' })),
        collectOrder: fromPromise<BankIdCollect, { orderRef: string }>(async ({ input }) => {
          collected.push(input.orderRef);
          return (answers.shift() ?? (() => ({ status: 'pending', hintCode: 'outstandingTransaction' })))();
        }),
        signInWithCustomToken: fromPromise<unknown, { token: string }>(async ({ input }) => {
          signedInWith.push(input.token);
          return signIn(input.token);
        }),
      },
    }),
  ).start();
  actor.send({ type: 'bankId.start', device: 'sameDevice' });
  return { actor, collected, signedInWith };
}

describe('bank-eID sign-in machine', () => {
  it('keeps collecting through a lost connection and signs in with the token of the completed order', async () => {
    const offline = () => {
      throw { status: 600, code: 'failed_to_fetch' };
    };
    const { actor, collected, signedInWith } = start([offline, () => ({ status: 'complete', customToken: 't-1' })]);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ collecting: { poll: 'waiting' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(collectIntervalMs - 1);
    expect(collected).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(collected).toEqual(['o-1', 'o-1']);
    expect(signedInWith).toEqual(['t-1']);
    expect(actor.getSnapshot().value).toBe('success');
  });

  it('fails with the error code when the API refuses, and with bankid_failed on other failed hints', async () => {
    const refused = () => {
      throw { status: 404, code: 'auth/ssn-not-found' };
    };
    const first = start([refused]);
    await vi.advanceTimersByTimeAsync(0);
    expect(first.actor.getSnapshot().value).toBe('failed');
    expect(first.actor.getSnapshot().context.errorCode).toBe('auth/ssn-not-found');

    const second = start([() => ({ status: 'failed', hintCode: 'certificateErr' })]);
    await vi.advanceTimersByTimeAsync(0);
    expect(second.actor.getSnapshot().context.errorCode).toBe('bankid_failed');
  });

  it('fails when the identity provider refuses the custom token', async () => {
    const { actor } = start([() => ({ status: 'complete', customToken: 't-1' })], async () => Promise.reject({ code: 'auth/invalid-custom-token' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errorCode).toBe('auth/invalid-custom-token');
  });

  it('ignores a second start while an order runs', async () => {
    const { actor } = start([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().can({ type: 'bankId.start', device: 'otherDevice' })).toBe(false);
    actor.send({ type: 'bankId.start', device: 'otherDevice' });
    expect(actor.getSnapshot().context.device).toBe('sameDevice');
  });
});
