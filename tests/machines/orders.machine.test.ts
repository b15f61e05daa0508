import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { ordersMachine } from '../../machines/orders.machine.ts';
import type { Order } from '../../contract/checkout.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { steadyLanguage } from './languageFakes.ts';

function order(id: string): Order {
  return {
    id,
    createdAt: Date.parse('2026-11-01T10:00:00Z'),
    paymentMethod: 'card',
    amount: 10_000,
    currency: 'SEK',
    itemList: [],
    itemVariantCustomFeeBuildRecord: {},
    taxList: [],
    additionalInfo: '',
    status: 'paid',
    ticketList: [],
  };
}

/** The machine over a queue of answers: an Error is thrown, a list is the server's answer. */
function start(answers: (Order[] | Error)[]) {
  let loads = 0;
  const actor = createActor(
    ordersMachine.provide({
      actors: {
        loadOrders: fromPromise<Order[]>(async () => {
          loads += 1;
          const answer = answers.shift();
          if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
          return answer;
        }),
        // The browser stays online here (the model test plays the window's online event).
        retryWhenOnline: fromCallback(() => undefined),
        // The language stays (tests/client/ordersScreen.test.tsx switches it).
        whenLanguageChanges: steadyLanguage,
      },
    }),
  );
  actor.start();
  return { actor, loads: () => loads };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));

describe('order history machine', () => {
  it('loads busy, then lists the orders with every panel closed', async () => {
    const { actor } = start([[order('o-2'), order('o-1')]]);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const s = await settled(actor);
    expect(s.value).toEqual({ loaded: 'listed' });
    expect(s.context.orders.map((o) => o.id)).toEqual(['o-2', 'o-1']);
    expect(s.context.openOrderIds).toEqual([]);
  });

  it('is empty when the member has no orders, and toggling does nothing there', async () => {
    const { actor } = start([[]]);
    const s = await settled(actor);
    expect(s.value).toEqual({ loaded: 'empty' });
    expect(s.can({ type: 'orders.toggle', orderId: 'o-1' })).toBe(false);
  });

  it('opens several panels at once and closes each on a second toggle', async () => {
    const { actor } = start([[order('o-3'), order('o-2'), order('o-1')]]);
    await settled(actor);
    actor.send({ type: 'orders.toggle', orderId: 'o-2' });
    actor.send({ type: 'orders.toggle', orderId: 'o-1' });
    expect(actor.getSnapshot().context.openOrderIds).toEqual(['o-2', 'o-1']);
    actor.send({ type: 'orders.toggle', orderId: 'o-2' });
    expect(actor.getSnapshot().context.openOrderIds).toEqual(['o-1']);
    expect(actor.getSnapshot().value).toEqual({ loaded: 'listed' });
  });

  it('keeps the error code of a failed load and loads again on retry', async () => {
    const { actor, loads } = start([new ApiError(500, 'internal_error', 'boom'), [order('o-1')]]);
    let s = await settled(actor);
    expect(s.value).toBe('failed');
    expect(s.context.errorCode).toBe('internal_error');
    expect(s.can({ type: 'orders.toggle', orderId: 'o-1' })).toBe(false);
    actor.send({ type: 'orders.retry' });
    expect(actor.getSnapshot().context.errorCode).toBeNull();
    s = await settled(actor);
    expect(s.value).toEqual({ loaded: 'listed' });
    expect(loads()).toBe(2);
  });

  it('takes no retry while loading or listed', async () => {
    const { actor, loads } = start([[order('o-1')]]);
    expect(actor.getSnapshot().can({ type: 'orders.retry' })).toBe(false);
    const s = await settled(actor);
    expect(s.can({ type: 'orders.retry' })).toBe(false);
    expect(loads()).toBe(1);
  });
});
