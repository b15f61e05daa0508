import { assign, fromPromise, setup } from 'xstate';
import { callErrorOf } from './errorCode.ts';
import type { CartUpdateBody, ShoppingCart } from '../contract/commerce.ts';
import { applyCartUpdate, cartQuantity, removeCartLine, type CartLine } from '../domain/cartUpdate.ts';
import { whenLanguageChanges } from './whenLanguageChanges.ts';

/** One thing the member did to the cart, waiting to be saved. */
export type CartChange =
  | { kind: 'add'; line: CartLine }
  | { kind: 'setQuantity'; line: CartLine }
  | { kind: 'remove'; itemVariantId: string };

export interface CartError {
  status: number;
  code: string;
  message: string;
}

export interface CartContext {
  /** The cart as the server last answered it; null until it has loaded. */
  cart: ShoppingCart | null;
  /** Changes not yet saved, oldest first; the first is the one being saved. */
  pending: CartChange[];
  /** What the member sees: the server's lines with the pending changes applied. */
  lines: CartLine[];
  /** Why the last refused change was refused; kept until the member dismisses it. */
  error: CartError | null;
  /** Conflicts met in a row by the change being saved. */
  conflicts: number;
  /** The app's language changed since the cart was last answered: its names are in the language before. */
  stale: boolean;
}

export type CartEvent =
  /** Spec 4: after the add-to-cart dialog confirms: the quantity is added to the variant's line. */
  | { type: 'cart.add'; itemVariantId: string; offerId: string; quantity: number }
  /** The cart's quantity picker: the line's quantity is replaced. */
  | { type: 'cart.setQuantity'; itemVariantId: string; offerId: string; quantity: number }
  | { type: 'cart.remove'; itemVariantId: string }
  /** Load the cart afresh (after a checkout, or to retry a failed load). */
  | { type: 'cart.reload' }
  /**
   * The app shows another language: the offer and variant names the server gave are in the one
   * before, so the cart loads again, and an answer still on its way (asked in the old language) is
   * not shown.
   */
  | { type: 'cart.languageChanged' }
  | { type: 'cart.dismissError' };

/** A whole-list write retried after this many conflicts in a row is given up. */
export const maxCartConflicts = 3;

const serverLines = (cart: ShoppingCart | null): CartLine[] =>
  (cart?.itemList ?? []).map(({ itemVariantId, offerId, quantity }) => ({ itemVariantId, offerId, quantity }));

function applyChange(lines: readonly CartLine[], change: CartChange): CartLine[] {
  if (change.kind === 'remove') return removeCartLine(lines, change.itemVariantId);
  return applyCartUpdate(lines, change.kind === 'add' ? 'add' : 'replace', [change.line]);
}

/** The lines the member sees: the server's, with every pending change applied in order. */
export const projectLines = (cart: ShoppingCart | null, pending: readonly CartChange[]): CartLine[] =>
  pending.reduce(applyChange, serverLines(cart));

/**
 * The request that saves one change. Adds and quantity changes are applied line by line on the
 * server (two tabs adding at once both keep their lines); a removal writes the whole list on the
 * cart version it was made from, so a stale one is refused with a conflict instead of undoing
 * another tab's lines.
 */
export function saveRequestOf(change: CartChange, cart: ShoppingCart | null): CartUpdateBody {
  if (change.kind === 'add') return { action: 'add', shopingCartItemList: [change.line] };
  if (change.kind === 'setQuantity') return { action: 'replace', shopingCartItemList: [change.line] };
  return { shopingCartItemList: removeCartLine(serverLines(cart), change.itemVariantId), version: cart?.version ?? 0 };
}

/** The badge count: units in the cart as the member sees it. */
export const cartBadgeCount = (context: Pick<CartContext, 'lines'>): number => cartQuantity(context.lines);

/** The failed save's error as params, read with the machines' one error helper. */
const errorParams = ({ event }: { event: { error: unknown } }): CartError => callErrorOf(event.error);

/** Each change event as the change it makes (the params of `isChange` and `enqueue`). */
type LineEvent = { event: { itemVariantId: string; offerId: string; quantity: number } };
const lineOf = ({ event }: LineEvent): CartLine => ({ itemVariantId: event.itemVariantId, offerId: event.offerId, quantity: event.quantity });
const addParams = (args: LineEvent): CartChange => ({ kind: 'add', line: lineOf(args) });
const setQuantityParams = (args: LineEvent): CartChange => ({ kind: 'setQuantity', line: lineOf(args) });
const removeParams = ({ event }: { event: { itemVariantId: string } }): CartChange => ({ kind: 'remove', itemVariantId: event.itemVariantId });
const add = { guard: { type: 'isChange', params: addParams }, actions: { type: 'enqueue', params: addParams } } as const;
const setQuantity = { guard: { type: 'isChange', params: setQuantityParams }, actions: { type: 'enqueue', params: setQuantityParams } } as const;
const remove = { actions: { type: 'enqueue', params: removeParams } } as const;

/**
 * The member's cart (spec 2.3, 3, 4), a long-lived child of the root actor (systemId 'cart').
 * Loads the cart, applies the member's changes at once to what is shown (the badge counts
 * them), and saves them one at a time through `saveCart`. A conflict reloads and saves the
 * change again on the fresh cart; any other refusal keeps the error, drops that change and
 * reloads, so the cart shows what the server holds.
 */
export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
  },
  actors: {
    loadCart: fromPromise<ShoppingCart>(async () => {
      throw new Error('loadCart not provided');
    }),
    saveCart: fromPromise<ShoppingCart, CartUpdateBody>(async () => {
      throw new Error('saveCart not provided');
    }),
    /** Sends `cart.languageChanged` once the app shows another language: the lines' names come from the server in it (provided by the composition root). */
    whenLanguageChanges,
  },
  actions: {
    enqueue: assign(({ context }, change: CartChange) => {
      const pending = [...context.pending, change];
      return { pending, lines: projectLines(context.cart, pending) };
    }),
    acceptCart: assign(({ context }, cart: ShoppingCart) => ({ cart, lines: projectLines(cart, context.pending), stale: false })),
    markStale: assign({ stale: true }),
    acceptSaved: assign(({ context }, cart: ShoppingCart) => {
      const pending = context.pending.slice(1);
      return { cart, pending, lines: projectLines(cart, pending), conflicts: 0 };
    }),
    countConflict: assign({ conflicts: ({ context }) => context.conflicts + 1 }),
    dropRefusedChange: assign(({ context }, error: CartError) => {
      const pending = context.pending.slice(1);
      return { pending, lines: projectLines(context.cart, pending), error, conflicts: 0 };
    }),
    dismissError: assign({ error: null }),
  },
  guards: {
    /** A quantity the member can have: a whole number, at least 1. */
    isChange: (_, change: CartChange) => change.kind === 'remove' || (Number.isInteger(change.line.quantity) && change.line.quantity >= 1),
    hasPending: ({ context }) => context.pending.length > 0,
    isStale: ({ context }) => context.stale,
    isConflictToRetry: ({ context }, error: CartError) =>
      error.code === 'user/shopping-cart-version-conflict' && context.conflicts < maxCartConflicts - 1,
  },
}).createMachine({
  id: 'cart',
  context: { cart: null, pending: [], lines: [], error: null, conflicts: 0, stale: false },
  invoke: { src: 'whenLanguageChanges', input: { tell: { type: 'cart.languageChanged' } } },
  initial: 'loading',
  on: {
    // Changes made while loading or saving wait their turn.
    'cart.add': add,
    'cart.setQuantity': setQuantity,
    'cart.remove': remove,
    'cart.dismissError': { actions: 'dismissError' },
    // While a change is saved: its answer is in the language before; the cart loads again after it.
    'cart.languageChanged': { actions: 'markStale' },
  },
  states: {
    loading: {
      tags: ['loading'],
      on: { 'cart.languageChanged': { target: 'loading', reenter: true } },
      invoke: {
        src: 'loadCart',
        onDone: { target: 'ready', actions: { type: 'acceptCart', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: { on: { 'cart.reload': 'loading', 'cart.languageChanged': 'loading' } },
    ready: {
      initial: 'next',
      states: {
        next: { always: [{ guard: 'hasPending', target: 'saving' }, { guard: 'isStale', target: 'reloading' }, { target: 'idle' }] },
        idle: {
          on: {
            'cart.add': { ...add, target: 'next' },
            'cart.setQuantity': { ...setQuantity, target: 'next' },
            'cart.remove': { ...remove, target: 'next' },
            'cart.reload': 'reloading',
            'cart.languageChanged': 'reloading',
          },
        },
        saving: {
          tags: ['saving'],
          invoke: {
            src: 'saveCart',
            input: ({ context }) => saveRequestOf(context.pending[0]!, context.cart),
            onDone: { target: 'next', actions: { type: 'acceptSaved', params: ({ event }) => event.output } },
            onError: [
              { guard: { type: 'isConflictToRetry', params: errorParams }, target: 'reloading', actions: 'countConflict' },
              { target: 'reloading', actions: { type: 'dropRefusedChange', params: errorParams } },
            ],
          },
        },
        reloading: {
          tags: ['loading'],
          on: { 'cart.languageChanged': { target: 'reloading', reenter: true } },
          invoke: {
            src: 'loadCart',
            onDone: { target: 'next', actions: { type: 'acceptCart', params: ({ event }) => event.output } },
            onError: '#cart.failed',
          },
        },
      },
    },
  },
});
