import { createActor, fromPromise } from 'xstate';
import { cartMachine } from '../../machines/cart.machine.ts';
import { ApiError, failedToFetch } from '../../src/api/apiError.ts';
import { applyCartUpdate, type CartLine } from '../../domain/cartUpdate.ts';
import type { CartItemView, CartUpdateBody, ShoppingCart } from '../../contract/commerce.ts';
import { steadyLanguage } from './languageFakes.ts';

const image = { jpeg: { medium: '/a.jpg' }, webp: { medium: '/a.webp' } };

function itemView(line: CartLine): CartItemView {
  return {
    ...line, offerType: 'live', offerTitle: `Offer ${line.offerId}`, offerPuffImage: image, itemVariantType: 'ticket',
    itemVariantCustomFeeBuildRecord: {}, unitPrice: 10_000, linePrice: 10_000 * line.quantity,
    itemVariant: {
      id: line.itemVariantId, title: line.itemVariantId, description: '', images: [], price: { current: 10_000, original: 10_000 },
      currency: 'SEK', customFeeIdList: [], taxRates: [], purchaseCap: null, date: { start: null, end: null }, location: null,
    },
  };
}

/**
 * The cart API's behaviour as the server has it: whole-list writes on a stale version are
 * refused with 409, 'add' and 'replace' apply line by line. Failures can be armed, and answers
 * held back, to drive the machine through every path.
 */
export class FakeCartServer {
  lines: CartLine[] = [];
  version = 0;
  readonly saves: CartUpdateBody[] = [];
  loads = 0;
  failLoads = false;
  refuseNextSave: ApiError | null = null;
  /** When set, saves wait for `release()`. */
  private held: (() => void)[] | null = null;

  cart(): ShoppingCart {
    const itemList = this.lines.map(itemView);
    const totalQuantity = this.lines.reduce((sum, l) => sum + l.quantity, 0);
    return { itemList, totalPrice: totalQuantity * 10_000, totalCustomFeePrice: 0, totalQuantity, taxList: [], currency: 'SEK', version: this.version };
  }

  /** Another tab changes the cart behind the machine's back. */
  otherTab(action: 'add' | 'replace', line: CartLine) {
    this.lines = applyCartUpdate(this.lines, action, [line]);
    this.version++;
  }

  hold() {
    this.held = [];
  }

  release() {
    const waiting = this.held ?? [];
    this.held = null;
    waiting.forEach((go) => go());
  }

  async load(): Promise<ShoppingCart> {
    this.loads++;
    if (this.failLoads) throw failedToFetch();
    return this.cart();
  }

  async save(body: CartUpdateBody): Promise<ShoppingCart> {
    this.saves.push(body);
    if (this.held) await new Promise<void>((go) => this.held!.push(go));
    if (this.refuseNextSave) {
      const error = this.refuseNextSave;
      this.refuseNextSave = null;
      throw error;
    }
    if (body.version !== undefined && body.version !== this.version) {
      throw new ApiError(409, 'user/shopping-cart-version-conflict', 'The cart has changed meanwhile; reload it and try again');
    }
    this.lines = applyCartUpdate(this.lines, body.action ?? 'set', body.shopingCartItemList);
    this.version++;
    return this.cart();
  }
}

export const capReached = () =>
  new ApiError(400, 'user/shopping-cart-purchase-cap-reached', 'The number of maximum purchases per user has been reached.');

/** The cart over the fake server; `language` stands in for the app's language changes (steady unless given). */
export function startCart(server: FakeCartServer, language: { whenLanguageChanges: typeof steadyLanguage } = { whenLanguageChanges: steadyLanguage }) {
  return createActor(
    cartMachine.provide({
      actors: {
        loadCart: fromPromise(() => server.load()),
        saveCart: fromPromise(({ input }) => server.save(input)),
        whenLanguageChanges: language.whenLanguageChanges,
      },
    }),
  ).start();
}

/** Lets every settled promise and the machine's reactions run. */
export const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
