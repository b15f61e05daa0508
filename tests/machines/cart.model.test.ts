import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { exploreWorlds, pathPerTransition } from './modelPaths.ts';
import { cartBadgeCount, cartMachine, maxCartConflicts, type CartEvent } from '../../machines/cart.machine.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { FakeCartServer, capReached, settle, startCart } from './cartHarness.ts';

/**
 * The member's cart as the spec states it (section 4 "Cart update"), apart from the code:
 * what the server holds of variants a and b, what the member sees, and the refusal shown.
 */
interface World {
  phase: 'notStarted' | 'failed' | 'ready';
  server: { a: number; b: number };
  shown: { a: number; b: number };
  error: string | null;
  refuseArmed: boolean;
}

const none = { a: 0, b: 0 };
const start: World = { phase: 'notStarted', server: none, shown: none, error: null, refuseArmed: false };
const capCode = 'user/shopping-cart-purchase-cap-reached';

/** A save: refused (the refusal is shown until dismissed, with the server's cart) or applied (the answer is shown). */
function saved(w: World, server: World['server']): World {
  if (w.refuseArmed) return { ...w, shown: w.server, error: capCode, refuseArmed: false };
  return { ...w, server, shown: server };
}

function next(w: World, event: string): World | null {
  if (w.phase === 'notStarted') {
    if (event === 'LOAD') return { ...w, phase: 'ready' };
    if (event === 'LOAD_FAILS') return { ...w, phase: 'failed' };
    return null;
  }
  if (w.phase === 'failed') return event === 'RELOAD' ? { ...w, phase: 'ready', shown: w.server } : null;
  const { a, b } = w.server;
  switch (event) {
    case 'ADD_A':
      return a < 2 ? saved(w, { a: a + 1, b }) : null;
    case 'ADD_B':
      return b < 1 ? saved(w, { a, b: b + 1 }) : null;
    case 'SET_A_TO_2':
      return saved(w, { a: 2, b });
    // A removal writes the whole list on its version; a conflict reloads and removes again.
    case 'REMOVE_A':
      return saved(w, { a: 0, b });
    case 'OTHER_TAB_ADDS_B':
      return b < 1 ? { ...w, server: { a, b: b + 1 } } : null;
    case 'NEXT_SAVE_REFUSED':
      return w.refuseArmed ? null : { ...w, refuseArmed: true };
    case 'RELOAD':
      return { ...w, shown: w.server };
    case 'DISMISS_ERROR':
      return w.error ? { ...w, error: null } : null;
    default:
      return null;
  }
}

const events = ['LOAD', 'LOAD_FAILS', 'ADD_A', 'ADD_B', 'SET_A_TO_2', 'REMOVE_A', 'OTHER_TAB_ADDS_B', 'NEXT_SAVE_REFUSED', 'RELOAD', 'DISMISS_ERROR'];
const name = (w: World) => `${w.phase}|server a${w.server.a} b${w.server.b}|shown a${w.shown.a} b${w.shown.b}|${w.error ?? 'ok'}|${w.refuseArmed ? 'armed' : 'unarmed'}`;
const states = exploreWorlds(start, events, next, name);
const worlds = new Map<string, World>();
for (const queue = [start]; queue.length > 0; ) {
  const w = queue.shift()!;
  if (worlds.has(name(w))) continue;
  worlds.set(name(w), w);
  for (const event of events) {
    const to = next(w, event);
    if (to) queue.push(to);
  }
}
const model = createTestModel(createMachine({ id: 'cartWorld', initial: name(start), states }));

const quantities = (lines: { itemVariantId: string; quantity: number }[]) => ({
  a: lines.find((l) => l.itemVariantId === 'a')?.quantity ?? 0,
  b: lines.find((l) => l.itemVariantId === 'b')?.quantity ?? 0,
});

describe('cart, generated paths over the real machine and a fake cart API', () => {
  for (const path of pathPerTransition(model.getShortestPaths())) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps || 'start'} gives ${String(path.state.value)}`, async () => {
      const server = new FakeCartServer();
      let actor: ReturnType<typeof startCart> | null = null;
      const cart = () => actor!;
      const send = async (event: CartEvent) => {
        cart().send(event);
        await settle();
      };
      await model.testPath(path, {
        states: {
          '*': (state) => {
            const w = worlds.get(String(state.value))!;
            if (w.phase === 'notStarted') return;
            expect(quantities(server.lines)).toEqual(w.server);
            const snapshot = cart().getSnapshot();
            if (w.phase === 'failed') {
              expect(snapshot.value).toBe('failed');
              return;
            }
            expect(snapshot.matches({ ready: 'idle' })).toBe(true);
            expect(quantities(snapshot.context.lines)).toEqual(w.shown);
            expect(cartBadgeCount(snapshot.context)).toBe(w.shown.a + w.shown.b);
            expect(snapshot.context.error?.code ?? null).toBe(w.error);
            expect(snapshot.context.pending).toEqual([]);
          },
        },
        events: {
          LOAD: async () => {
            actor = startCart(server);
            await settle();
          },
          LOAD_FAILS: async () => {
            server.failLoads = true;
            actor = startCart(server);
            await settle();
            server.failLoads = false;
          },
          ADD_A: () => send({ type: 'cart.add', itemVariantId: 'a', offerId: 'o1', quantity: 1 }),
          ADD_B: () => send({ type: 'cart.add', itemVariantId: 'b', offerId: 'o2', quantity: 1 }),
          SET_A_TO_2: () => send({ type: 'cart.setQuantity', itemVariantId: 'a', offerId: 'o1', quantity: 2 }),
          REMOVE_A: () => send({ type: 'cart.remove', itemVariantId: 'a' }),
          OTHER_TAB_ADDS_B: () => server.otherTab('add', { itemVariantId: 'b', offerId: 'o2', quantity: 1 }),
          NEXT_SAVE_REFUSED: () => void (server.refuseNextSave = capReached()),
          RELOAD: () => send({ type: 'cart.reload' }),
          DISMISS_ERROR: () => send({ type: 'cart.dismissError' }),
        },
      });
    });
  }
});

describe('cart, details the model leaves out', () => {
  it('fails loudly when its actors are not provided', async () => {
    const actor = createActor(cartMachine);
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => void errors.push(error) });
    actor.start();
    await settle();
    expect(actor.getSnapshot().status).toBe('error');
    expect(String(errors[0])).toMatch(/whenLanguageChanges is not provided/);
  });

  it('counts a change in the badge at once and saves changes one at a time, in order', async () => {
    const server = new FakeCartServer();
    const actor = startCart(server);
    await settle();
    server.hold();
    actor.send({ type: 'cart.add', itemVariantId: 'a', offerId: 'o1', quantity: 2 });
    actor.send({ type: 'cart.add', itemVariantId: 'a', offerId: 'o1', quantity: 3 });
    actor.send({ type: 'cart.setQuantity', itemVariantId: 'b', offerId: 'o2', quantity: 4 });
    await settle();
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(cartBadgeCount(actor.getSnapshot().context)).toBe(9);
    expect(server.saves).toHaveLength(1);
    server.release();
    await settle();
    server.release();
    await settle();
    server.release();
    await settle();
    expect(server.saves).toEqual([
      { action: 'add', shopingCartItemList: [{ itemVariantId: 'a', offerId: 'o1', quantity: 2 }] },
      { action: 'add', shopingCartItemList: [{ itemVariantId: 'a', offerId: 'o1', quantity: 3 }] },
      { action: 'replace', shopingCartItemList: [{ itemVariantId: 'b', offerId: 'o2', quantity: 4 }] },
    ]);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.lines).toEqual([
      { itemVariantId: 'a', offerId: 'o1', quantity: 5 },
      { itemVariantId: 'b', offerId: 'o2', quantity: 4 },
    ]);
  });

  it('ignores quantities that are not whole numbers of at least 1', async () => {
    const server = new FakeCartServer();
    const actor = startCart(server);
    await settle();
    for (const quantity of [0, -1, 1.5, Number.NaN]) actor.send({ type: 'cart.add', itemVariantId: 'a', offerId: 'o1', quantity });
    await settle();
    expect(server.saves).toEqual([]);
    expect(cartBadgeCount(actor.getSnapshot().context)).toBe(0);
  });

  it('removes with the cart version and, after a conflict, removes again from the fresh cart', async () => {
    const server = new FakeCartServer();
    server.otherTab('add', { itemVariantId: 'a', offerId: 'o1', quantity: 1 });
    const actor = startCart(server);
    await settle();
    server.otherTab('add', { itemVariantId: 'b', offerId: 'o2', quantity: 1 });
    actor.send({ type: 'cart.remove', itemVariantId: 'a' });
    await settle();
    expect(server.saves).toEqual([
      { shopingCartItemList: [], version: 1 },
      { shopingCartItemList: [{ itemVariantId: 'b', offerId: 'o2', quantity: 1 }], version: 2 },
    ]);
    expect(actor.getSnapshot().context.lines).toEqual([{ itemVariantId: 'b', offerId: 'o2', quantity: 1 }]);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it(`gives up a removal after ${maxCartConflicts} conflicts in a row and shows the conflict`, async () => {
    const server = new FakeCartServer();
    const actor = startCart(server);
    await settle();
    const save = server.save.bind(server);
    server.save = async (body) => {
      server.otherTab('add', { itemVariantId: 'b', offerId: 'o2', quantity: 1 });
      return save(body);
    };
    actor.send({ type: 'cart.remove', itemVariantId: 'a' });
    await settle();
    expect(server.saves).toHaveLength(maxCartConflicts);
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.error?.code).toBe('user/shopping-cart-version-conflict');
  });

  it('keeps unsaved changes through a failed reload and saves them once the cart loads', async () => {
    const server = new FakeCartServer();
    const actor = startCart(server);
    await settle();
    server.refuseNextSave = new ApiError(600, 'failed_to_fetch', 'Network Error');
    server.failLoads = true;
    actor.send({ type: 'cart.add', itemVariantId: 'a', offerId: 'o1', quantity: 1 });
    actor.send({ type: 'cart.add', itemVariantId: 'b', offerId: 'o2', quantity: 1 });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(cartBadgeCount(actor.getSnapshot().context)).toBe(1);
    server.failLoads = false;
    actor.send({ type: 'cart.reload' });
    await settle();
    expect(server.lines).toEqual([{ itemVariantId: 'b', offerId: 'o2', quantity: 1 }]);
    expect(actor.getSnapshot().context.error?.code).toBe('failed_to_fetch');
  });
});
