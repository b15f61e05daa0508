import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bankIdSignInMachine, collectIntervalMs, qrRefreshMs, type BankIdCollect, type BankIdDevice } from '../../machines/bankIdSignIn.machine.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

interface Script {
  device?: BankIdDevice;
  signIn?: (token: string) => Promise<unknown>;
  /** QR answers in turn (a function may throw); afterwards each load gives `qr-<n>`. */
  qrCodes?: (() => { qrCode: string })[];
  /** The server's answer to a cancel. */
  cancel?: () => Promise<unknown>;
}

/** The machine over scripted collect answers (a function may throw). */
function start(answers: (() => BankIdCollect)[], script: Script = {}) {
  const collected: string[] = [];
  const signedInWith: string[] = [];
  const cancelled: string[] = [];
  const qrLoads: string[] = [];
  const abandonFailures: unknown[] = [];
  let orders = 0;
  const actor = createActor(
    bankIdSignInMachine.provide({
      actors: {
        startOrder: fromPromise(async () => ((orders += 1), { orderRef: `o-${orders}`, autoStartToken: `a-${orders}` })),
        collectOrder: fromPromise<BankIdCollect, { orderRef: string }>(async ({ input }) => {
          collected.push(input.orderRef);
          return (answers.shift() ?? (() => ({ status: 'pending', hintCode: 'outstandingTransaction' })))();
        }),
        loadQrCode: fromPromise<{ qrCode: string }, { orderRef: string }>(async ({ input }) => {
          qrLoads.push(input.orderRef);
          return (script.qrCodes?.shift() ?? (() => ({ qrCode: `qr-${qrLoads.length}` })))();
        }),
        cancelOrder: fromPromise<unknown, { orderRef: string }>(async ({ input }) => {
          cancelled.push(input.orderRef);
          return script.cancel?.();
        }),
        signInWithCustomToken: fromPromise<unknown, { token: string }>(async ({ input }) => {
          signedInWith.push(input.token);
          return (script.signIn ?? (async () => undefined))(input.token);
        }),
      },
      actions: { reportAbandonFailed: ({ event }) => void abandonFailures.push((event as { error?: unknown }).error) },
    }),
  ).start();
  actor.send({ type: 'bankId.start', device: script.device ?? 'sameDevice' });
  return { actor, collected, signedInWith, cancelled, qrLoads, abandonFailures };
}

const offline = () => {
  throw { status: 600, code: 'failed_to_fetch' };
};

describe('bank-eID sign-in machine', () => {
  it('keeps collecting through a lost connection and signs in with the token of the completed order', async () => {
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
    const { actor } = start([() => ({ status: 'complete', customToken: 't-1' })], {
      signIn: async () => Promise.reject({ code: 'auth/invalid-custom-token' }),
    });
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

  it('cancels the order at the server when the member cancels, and says cancelled', async () => {
    const { actor, cancelled } = start([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().can({ type: 'bankId.cancel' })).toBe(true);
    actor.send({ type: 'bankId.cancel' });
    expect(actor.getSnapshot().value).toBe('cancelling');
    await vi.advanceTimersByTimeAsync(0);
    expect(cancelled).toEqual(['o-1']);
    expect(actor.getSnapshot().value).toBe('cancelled');
    // Nothing is collected for the cancelled order any more.
    expect(actor.getSnapshot().can({ type: 'bankId.cancel' })).toBe(false);
  });

  it('says cancelled when the member cancels in the BankID app', async () => {
    const { actor, cancelled } = start([() => ({ status: 'failed', hintCode: 'userCancel' })]);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(cancelled).toEqual([]);
  });

  it('shows a new QR code every second for another device while collecting every two', async () => {
    const { actor, qrLoads, collected } = start([], { device: 'otherDevice' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ collecting: { device: { otherDevice: 'showing' } } })).toBe(true);
    expect(actor.getSnapshot().context.qrCode).toBe('qr-1');
    await vi.advanceTimersByTimeAsync(qrRefreshMs);
    expect(actor.getSnapshot().context.qrCode).toBe('qr-2');
    await vi.advanceTimersByTimeAsync(qrRefreshMs);
    expect(actor.getSnapshot().context.qrCode).toBe('qr-3');
    expect(qrLoads).toEqual(['o-1', 'o-1', 'o-1']);
    expect(collected).toHaveLength(2);
  });

  it('keeps the last QR code through a lost connection and asks again the next second', async () => {
    const { actor, qrLoads, cancelled } = start([], { device: 'otherDevice', qrCodes: [() => ({ qrCode: 'first' }), offline] });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.qrCode).toBe('first');
    await vi.advanceTimersByTimeAsync(qrRefreshMs);
    expect(qrLoads).toHaveLength(2);
    expect(actor.getSnapshot().matches({ collecting: { device: { otherDevice: 'showing' } } })).toBe(true);
    expect(actor.getSnapshot().context.qrCode).toBe('first');
    await vi.advanceTimersByTimeAsync(qrRefreshMs);
    expect(qrLoads).toHaveLength(3);
    expect(actor.getSnapshot().context.qrCode).toBe('qr-3');
    expect(cancelled).toEqual([]);
  });

  it('gives up the order at the server when the QR code cannot be made', async () => {
    const refused = () => {
      throw { status: 500, code: 'unknown' };
    };
    const failing = start([], { device: 'otherDevice', qrCodes: [refused] });
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.actor.getSnapshot().value).toBe('qrError');
    expect(failing.cancelled).toEqual(['o-1']);

    // The view could not draw the code it got: the same outcome.
    const undrawable = start([], { device: 'otherDevice' });
    await vi.advanceTimersByTimeAsync(0);
    undrawable.actor.send({ type: 'bankId.qrFailed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(undrawable.actor.getSnapshot().value).toBe('qrError');
    expect(undrawable.cancelled).toEqual(['o-1']);
    const collectedBefore = undrawable.collected.length;
    await vi.advanceTimersByTimeAsync(collectIntervalMs * 2);
    expect(undrawable.collected).toHaveLength(collectedBefore);
  });

  it('starts a new order after an outcome, in the mode pressed, with the old one forgotten', async () => {
    const { actor, collected } = start([() => ({ status: 'failed', hintCode: 'expiredTransaction' })]);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(actor.getSnapshot().can({ type: 'bankId.start', device: 'otherDevice' })).toBe(true);
    actor.send({ type: 'bankId.start', device: 'otherDevice' });
    expect(actor.getSnapshot().matches('starting')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ device: 'otherDevice', order: null, hintCode: null, qrCode: null, errorCode: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.order?.orderRef).toBe('o-2');
    expect(actor.getSnapshot().matches({ collecting: { device: 'otherDevice' } })).toBe(true);
    expect(collected).toEqual(['o-1', 'o-2']);
  });

  describe('leaving the screen', () => {
    it('gives up an order being collected at the server, then ends and asks BankID nothing more', async () => {
      for (const device of ['sameDevice', 'otherDevice'] as const) {
        const { actor, cancelled, collected, qrLoads } = start([], { device });
        await vi.advanceTimersByTimeAsync(0);
        expect(actor.getSnapshot().matches('collecting')).toBe(true);
        actor.send({ type: 'bankId.left' });
        await vi.advanceTimersByTimeAsync(0);
        expect(cancelled).toEqual(['o-1']);
        expect(actor.getSnapshot().status).toBe('done');
        const asked = collected.length + qrLoads.length;
        await vi.advanceTimersByTimeAsync(collectIntervalMs * 3);
        expect(collected.length + qrLoads.length).toBe(asked);
      }
    });

    it('gives up an order still starting as soon as its reference arrives', async () => {
      const { actor, cancelled, collected } = start([]);
      expect(actor.getSnapshot().matches('starting')).toBe(true);
      actor.send({ type: 'bankId.left' });
      await vi.advanceTimersByTimeAsync(0);
      expect(cancelled).toEqual(['o-1']);
      expect(collected).toEqual([]);
      expect(actor.getSnapshot().status).toBe('done');
    });

    it('only logs a cancel the server refused', async () => {
      const { actor, cancelled, abandonFailures } = start([], { cancel: async () => Promise.reject({ code: 'eid/unavailable' }) });
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'bankId.left' });
      await vi.advanceTimersByTimeAsync(0);
      expect(cancelled).toEqual(['o-1']);
      expect(abandonFailures).toEqual([{ code: 'eid/unavailable' }]);
      expect(actor.getSnapshot().status).toBe('done');
    });

    it('does not cancel an order that completed, was cancelled or ended by itself', async () => {
      const signedIn = start([() => ({ status: 'complete', customToken: 't-1' })]);
      await vi.advanceTimersByTimeAsync(0);
      expect(signedIn.actor.getSnapshot().value).toBe('success');

      const cancelledInApp = start([() => ({ status: 'failed', hintCode: 'userCancel' })]);
      const expired = start([() => ({ status: 'failed', hintCode: 'expiredTransaction' })]);
      const memberCancelled = start([]);
      await vi.advanceTimersByTimeAsync(0);
      memberCancelled.actor.send({ type: 'bankId.cancel' });
      await vi.advanceTimersByTimeAsync(0);
      expect(memberCancelled.actor.getSnapshot().value).toBe('cancelled');

      // Left while the token was being claimed: the order completed, nothing to give up either.
      let claim: () => void = () => undefined;
      const claiming = start([() => ({ status: 'complete', customToken: 't-2' })], { signIn: () => new Promise<void>((resolve) => (claim = resolve)) });
      await vi.advanceTimersByTimeAsync(0);
      expect(claiming.actor.getSnapshot().value).toBe('signingIn');

      for (const run of [signedIn, cancelledInApp, expired, memberCancelled, claiming]) {
        const before = [...run.cancelled];
        run.actor.send({ type: 'bankId.left' });
        await vi.advanceTimersByTimeAsync(0);
        expect(run.cancelled).toEqual(before);
        expect(run.actor.getSnapshot().status).toBe('done');
      }
      claim();
      expect(memberCancelled.cancelled).toEqual(['o-1']);
    });
  });
});
