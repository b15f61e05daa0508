import { describe, expect, it } from 'vitest';
import type { ShoppingCart } from '../../contract/commerce.ts';
import { FakeCartServer, settle, startCart } from './cartHarness.ts';
import { fakeLanguageChanges } from './languageFakes.ts';

/**
 * Issue 41, item 1: the cart's offer names come from the server in the language the app asked in.
 * When the app switches language (the member's stored language arriving after the cart started
 * loading in the browser's, or a choice on the Language screen) the cart shows names in the new
 * language, never an answer asked for in the old one. The cart hears the switch itself, through
 * `whenLanguageChanges` (Lingui's change event in the app; a fake here).
 */
class LanguageCartServer extends FakeCartServer {
  /** The app's language, as the API client sends it with each request. */
  language = 'en';
  private heldLoads: (() => void)[] | null = null;

  holdLoads() {
    this.heldLoads = [];
  }

  releaseLoads() {
    const waiting = this.heldLoads ?? [];
    this.heldLoads = null;
    waiting.forEach((go) => go());
  }

  override async load(): Promise<ShoppingCart> {
    const askedIn = this.language;
    if (this.heldLoads) await new Promise<void>((go) => this.heldLoads!.push(go));
    return this.named(await super.load(), askedIn);
  }

  override async save(body: Parameters<FakeCartServer['save']>[0]): Promise<ShoppingCart> {
    const askedIn = this.language;
    return this.named(await super.save(body), askedIn);
  }

  private named(cart: ShoppingCart, language: string): ShoppingCart {
    return { ...cart, itemList: cart.itemList.map((item) => ({ ...item, offerTitle: `${item.offerId} (${language})` })) };
  }
}

const titles = (cart: ShoppingCart | null) => cart?.itemList.map((item) => item.offerTitle);

describe('cart, when the app language changes', () => {
  it('shows the names in the new language when the switch comes while the first load is on its way', async () => {
    const server = new LanguageCartServer();
    server.otherTab('add', { itemVariantId: 'a', offerId: 'o1', quantity: 1 });
    server.holdLoads();
    const lingui = fakeLanguageChanges();
    const actor = startCart(server, lingui);
    await settle();
    server.language = 'sv';
    lingui.languageShown();
    server.releaseLoads();
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(titles(actor.getSnapshot().context.cart)).toEqual(['o1 (sv)']);
  });

  it('loads again in the new language once loaded', async () => {
    const server = new LanguageCartServer();
    server.otherTab('add', { itemVariantId: 'a', offerId: 'o1', quantity: 1 });
    const lingui = fakeLanguageChanges();
    const actor = startCart(server, lingui);
    await settle();
    expect(titles(actor.getSnapshot().context.cart)).toEqual(['o1 (en)']);
    server.language = 'nb';
    lingui.languageShown();
    await settle();
    expect(titles(actor.getSnapshot().context.cart)).toEqual(['o1 (nb)']);
    expect(server.loads).toBe(2);
  });

  it('loads again after a change being saved, whose answer was asked in the language before, and keeps the change', async () => {
    const server = new LanguageCartServer();
    const lingui = fakeLanguageChanges();
    const actor = startCart(server, lingui);
    await settle();
    server.hold();
    actor.send({ type: 'cart.add', itemVariantId: 'a', offerId: 'o1', quantity: 2 });
    await settle();
    server.language = 'sv';
    lingui.languageShown();
    server.release();
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ ready: 'idle' })).toBe(true);
    expect(titles(snapshot.context.cart)).toEqual(['o1 (sv)']);
    expect(snapshot.context.lines).toEqual([{ itemVariantId: 'a', offerId: 'o1', quantity: 2 }]);
  });

  it('retries a failed load in the new language', async () => {
    const server = new LanguageCartServer();
    server.otherTab('add', { itemVariantId: 'a', offerId: 'o1', quantity: 1 });
    server.failLoads = true;
    const lingui = fakeLanguageChanges();
    const actor = startCart(server, lingui);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    server.failLoads = false;
    server.language = 'nb';
    lingui.languageShown();
    await settle();
    expect(titles(actor.getSnapshot().context.cart)).toEqual(['o1 (nb)']);
  });

  it('stops listening for the language when it stops (the member signed out)', async () => {
    const lingui = fakeLanguageChanges();
    const actor = startCart(new LanguageCartServer(), lingui);
    expect(lingui.listening()).toBe(1);
    actor.stop();
    expect(lingui.listening()).toBe(0);
  });
});
