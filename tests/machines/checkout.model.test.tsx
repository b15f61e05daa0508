import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { createActor, createMachine, fromCallback, fromPromise, waitFor as waitForActor, type AnyEventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { Stripe } from '@stripe/stripe-js';
import type { CheckoutConfig, CheckoutOutcome, CheckoutSession, LocalCardPaymentBody } from '../../contract/checkout.ts';
import type { ShoppingCart } from '../../contract/commerce.ts';
import { ApiError } from '../../src/api/apiError.ts';
import type { ApiClient } from '../../src/api/client.ts';
import { CheckoutScreen } from '../../src/screens/checkout/CheckoutScreen.tsx';
import { checkoutMachine } from '../../machines/checkout.machine.ts';
import type { CardForm } from '../../domain/cardForm.ts';
import { testMember } from './fixtures.ts';
import { exploreWorlds, pathPerTransition } from './modelPaths.ts';
import { renderRoute } from '../client/routeHarness.tsx';
import { browserContainer } from '../client/browserContainer.ts';
import { recordingAnalytics } from '../client/recordingAnalytics.ts';

/**
 * The checkout as the member meets it: /checkout through the route table (lazy screen and its
 * wiring) over a fake API with the server's rules and Stripe's test cards. The model is the
 * spec's (2.3, 4, 5, 8): a session on opening; the card form checks its fields before paying;
 * refusals keep the form with the provider's text; a payment confirms the order; cancelling or
 * leaving before paying expires the session, and nothing else does. Issue 39: while the form
 * shows, the session can end elsewhere (another window of the browser announces its checkout;
 * the server's status says it reached the hold ceiling or ran out): the page says why without
 * being touched, expires nothing, and offers "Try again" only where trying again can succeed.
 */
type Row = 'card' | 'invalid' | 'declined' | 'insufficient' | 'completed' | 'cancelled' | 'replaced' | 'holdLimit' | 'ranOut';
interface World {
  row: Row;
  /** Sessions created, and which of them (1, 2) the client expired. */
  sessions: number;
  expired: number[];
}

const start: World = { row: 'card', sessions: 1, expired: [] };
const name = (w: World) => `${w.row}|sessions ${w.sessions}|expired ${w.expired.join(',')}`;
const parse = (value: string): World => {
  const [row, sessions, expired] = value.split('|');
  const list = expired!.slice('expired '.length);
  return { row: row as Row, sessions: Number(sessions!.split(' ')[1]), expired: list === '' ? [] : list.split(',').map(Number) };
};

const formShown = (w: World) => ['card', 'invalid', 'declined', 'insufficient'].includes(w.row);

function next(w: World, event: string): World | null {
  if (formShown(w)) {
    switch (event) {
      case 'PAY_WITH_EMPTY_CVC':
      case 'PAY_WITH_BAD_NUMBER':
        return { ...w, row: 'invalid' };
      case 'PAY_DECLINED':
        return { ...w, row: 'declined' };
      case 'PAY_INSUFFICIENT_FUNDS':
        return { ...w, row: 'insufficient' };
      case 'PAY_4242':
        return { ...w, row: 'completed' };
      case 'CANCEL':
        return { ...w, row: 'cancelled', expired: [...w.expired, w.sessions] };
      default:
        return null;
    }
  }
  // Bounded: starting again once is enough to show a second session is made.
  if (w.row === 'cancelled' && event === 'START_AGAIN' && w.sessions < 2) return { ...w, row: 'card', sessions: w.sessions + 1 };
  if (w.row === 'ranOut' && event === 'TRY_AGAIN' && w.sessions < 2) return { ...w, row: 'card', sessions: w.sessions + 1 };
  return null;
}

/** The session ends elsewhere while the form shows (bounded to the first session: the second behaves alike). */
function endedElsewhere(w: World, event: string): World | null {
  if (!formShown(w) || w.sessions > 1 || (w.row !== 'card' && w.row !== 'declined')) return null;
  if (event === 'OTHER_WINDOW_OPENS_CHECKOUT') return { ...w, row: 'replaced' };
  if (event === 'SERVER_ENDS_IT_AT_HOLD_LIMIT') return { ...w, row: 'holdLimit' };
  if (event === 'SERVER_SAYS_TIME_RAN_OUT') return { ...w, row: 'ranOut' };
  return null;
}

const events = [
  'PAY_WITH_EMPTY_CVC',
  'PAY_WITH_BAD_NUMBER',
  'PAY_DECLINED',
  'PAY_INSUFFICIENT_FUNDS',
  'PAY_4242',
  'CANCEL',
  'START_AGAIN',
  'OTHER_WINDOW_OPENS_CHECKOUT',
  'SERVER_ENDS_IT_AT_HOLD_LIMIT',
  'SERVER_SAYS_TIME_RAN_OUT',
  'TRY_AGAIN',
];
const states = exploreWorlds(start, events, (w, event) => endedElsewhere(w, event) ?? next(w, event), name);
const model = createTestModel(createMachine({ id: 'checkoutPage', initial: name(start), states }));

const session = (n: number): CheckoutSession => ({
  id: `cs_test_${n}`,
  clientSecret: `cs_test_${n}_secret_x`,
  amountTotal: 92_900,
  currency: 'SEK',
  expiresAt: Date.parse('2026-11-24T19:00:00Z'),
});

/** 15:40 in Stockholm on the session's day: when the member may hold the tickets again. */
const holdAgainAt = Date.parse('2026-11-24T14:40:00Z');

/**
 * The API's checkout calls with the server's rules: one session per opening, Stripe's test cards,
 * and each session's status as the server has it (open unless a test ends it: `statuses`).
 */
function fakeApi(options: { provider?: CheckoutConfig['provider']; refuseSession?: ApiError; refusePayment?: ApiError } = {}) {
  const calls = { sessions: 0, expired: [] as string[], payments: [] as LocalCardPaymentBody[], completed: [] as string[], statusChecks: 0 };
  const statuses = new Map<string, CheckoutOutcome>();
  const api: ApiClient = {
    appUrl: 'http://localhost',
    baseUrl: '',
    get: async <T,>(path: string, query?: Record<string, unknown>): Promise<T> => {
      if (path === '/v1/get/checkout/status') {
        const id = String(query?.stripeCheckoutSessionId);
        calls.statusChecks++;
        return (statuses.get(id) ?? { status: 'open', orderId: null }) as T;
      }
      expect(path).toBe('/v1/get/checkout/config');
      return { publishableKey: 'pk_test_x', provider: options.provider ?? 'local' } as T;
    },
    send: async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
      expect(method).toBe('POST');
      switch (path) {
        case '/v1/payment/checkout':
          if (options.refuseSession) throw options.refuseSession;
          return session(++calls.sessions) as T;
        case '/v1/expire/checkout':
          calls.expired.push((body as { stripeCheckoutSessionId: string }).stripeCheckoutSessionId);
          return {} as T;
        case '/v1/payment/checkout/complete':
          calls.completed.push((body as { stripeCheckoutSessionId: string }).stripeCheckoutSessionId);
          return { status: 'complete', orderId: 'order-1', orderReference: 'K7Q-4M2P' } as T;
        case '/v1/payment/local/confirm': {
          const payment = body as LocalCardPaymentBody;
          calls.payments.push(payment);
          if (options.refusePayment) throw options.refusePayment;
          if (payment.cardNumber === '4000000000000002') throw new ApiError(402, 'card_declined', 'Your card was declined.');
          if (payment.cardNumber === '4000000000009995') throw new ApiError(402, 'insufficient_funds', 'Your card has insufficient funds.');
          return { status: 'complete', orderId: 'order-1', orderReference: 'K7Q-4M2P' } satisfies CheckoutOutcome as T;
        }
        default:
          throw new Error(`unexpected ${path}`);
      }
    },
  };
  return { api, calls, statuses };
}

/** Another window of this browser opened a checkout: what its watcher announces. */
function announceOtherCheckout(sessionId = 'cs_test_elsewhere') {
  const channel = new BroadcastChannel('klubb-checkout');
  channel.postMessage({ type: 'checkout.opened', sessionId });
  channel.close();
}

const renderCheckout = (api: ApiClient, cart?: ShoppingCart) => renderRoute('checkout', '/checkout', api, browserContainer, { cart }).page;

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
function fillCard(number: string, cvc = '123') {
  fireEvent.change(field('Card number'), { target: { value: number } });
  fireEvent.change(field('Expiry (MM/YY)'), { target: { value: '12/30' } });
  fireEvent.change(field('CVC'), { target: { value: cvc } });
}
const payButton = () => screen.getByRole('button', { name: /^Pay / });
const form = () => screen.queryByRole('form', { name: 'Card payment' });

afterEach(cleanup);

describe('checkout on the rendered page, generated paths', () => {
  for (const path of pathPerTransition(model.getShortestPaths())) {
    const steps = path.steps.map((s) => s.event.type).join(' → ') || 'opening';
    it(`${steps} shows ${String(path.state.value).split('|')[0]}`, async () => {
      const { api, calls, statuses } = fakeApi();
      renderCheckout(api);
      await screen.findByRole('form', { name: 'Card payment' });
      const current = () => `cs_test_${calls.sessions}`;

      const pay = async (number: string, cvc?: string) => {
        fillCard(number, cvc);
        fireEvent.click(payButton());
        await waitFor(() => expect(screen.queryByRole('button', { name: 'Paying…' })).toBeNull());
      };

      await model.testPath(path, {
        states: {
          '*': (state) => {
            const w = parse(String(state.value));
            expect(calls.sessions).toBe(w.sessions);
            expect(calls.expired).toEqual(w.expired.map((n) => `cs_test_${n}`));
            if (formShown(w)) {
              expect(form()).not.toBeNull();
              expect(screen.getByText('To pay: 929,00 kr')).toBeTruthy();
              // The prefilled member and the form's own checks.
              expect(field('E-mail').value).toBe(testMember().user.email);
              const alert = within(form()!).queryByRole('alert');
              if (w.row === 'declined') expect(alert?.textContent).toBe('Your card was declined');
              else if (w.row === 'insufficient') expect(alert?.textContent).toBe('Your card has insufficient funds.');
              else expect(alert).toBeNull();
              if (w.row === 'invalid') {
                const invalid = screen.getAllByRole('textbox').find((input) => input.getAttribute('aria-invalid') === 'true');
                expect(invalid).toBeTruthy();
                // Focus goes to the first field in error.
                expect(document.activeElement).toBe(invalid);
              }
            } else expect(form()).toBeNull();
            if (w.row === 'completed') {
              // The short reference, once; the order's id stays internal.
              const confirmed = screen.getByRole('status', { name: 'Order confirmed' }).textContent!;
              expect(confirmed).toContain('Order number: K7Q-4M2P');
              expect(confirmed).not.toContain('order-1');
              expect(screen.getByRole('link', { name: 'See your orders' }).getAttribute('href')).toBe('/more/orderHistory');
            }
            if (w.row === 'cancelled') expect(screen.getByText('Payment cancelled.')).toBeTruthy();
            const failure = screen.queryByRole('alert');
            const tryAgain = screen.queryByRole('button', { name: 'Try again' });
            if (w.row === 'replaced' || w.row === 'holdLimit') {
              // Trying again cannot succeed: a way back instead.
              expect(failure?.textContent).toContain(
                w.row === 'replaced'
                  ? 'You started a new checkout in another window.'
                  : 'You have held tickets for this evening as long as one member may in 6 hours, so they went back on sale for others. You can hold them again at 15:40.',
              );
              expect(tryAgain).toBeNull();
              expect(within(failure!).getByRole('link', { name: 'Back to the offers' }).getAttribute('href')).toBe('/');
            }
            if (w.row === 'ranOut') {
              expect(failure?.textContent).toContain('The payment time ran out. Start the checkout again.');
              expect(tryAgain).not.toBeNull();
            }
          },
        },
        events: {
          PAY_WITH_EMPTY_CVC: () => pay('4242 4242 4242 4242', ''),
          PAY_WITH_BAD_NUMBER: () => pay('4242 4242 4242 4241'),
          PAY_DECLINED: () => pay('4000 0000 0000 0002'),
          PAY_INSUFFICIENT_FUNDS: () => pay('4000 0000 0000 9995'),
          PAY_4242: async () => {
            await pay('4242 4242 4242 4242');
            await screen.findByRole('status', { name: 'Order confirmed' });
          },
          CANCEL: async () => {
            fireEvent.click(screen.getByRole('button', { name: 'Cancel payment' }));
            await screen.findByText('Payment cancelled.');
          },
          START_AGAIN: async () => {
            fireEvent.click(screen.getByRole('button', { name: 'Start the payment again' }));
            await screen.findByRole('form', { name: 'Card payment' });
          },
          // Nothing pressed here: the page learns it from the other window, or from the server when it shows again.
          OTHER_WINDOW_OPENS_CHECKOUT: async () => {
            // Opening it ended ours on the server; the announcement has this page ask at once.
            statuses.set(current(), { status: 'expired', orderId: null, endedBecause: 'replaced', holdAgainAt: null });
            announceOtherCheckout();
            await screen.findByText('You started a new checkout in another window.');
          },
          SERVER_ENDS_IT_AT_HOLD_LIMIT: async () => {
            statuses.set(current(), { status: 'expired', orderId: null, endedBecause: 'holdLimit', holdAgainAt });
            fireEvent.focus(window);
            await screen.findByText(/went back on sale for others/);
          },
          SERVER_SAYS_TIME_RAN_OUT: async () => {
            statuses.set(current(), { status: 'expired', orderId: null });
            fireEvent(document, new Event('visibilitychange'));
            await screen.findByText('The payment time ran out. Start the checkout again.');
          },
          TRY_AGAIN: async () => {
            fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
            await screen.findByRole('form', { name: 'Card payment' });
          },
        },
      });
      // Only valid forms reach the provider, with the card as typed, digits only.
      for (const payment of calls.payments) {
        expect(payment).toMatchObject({ stripeCheckoutSessionId: `cs_test_${calls.sessions}`, expMonth: 12, expYear: 30, cvc: '123' });
        expect(payment.cardNumber).toMatch(/^\d{16}$/);
      }
    });
  }

  it('the model reaches every outcome', () => {
    const rows = new Set(Object.keys(states).map((n) => parse(n).row));
    expect([...rows].sort()).toEqual(['cancelled', 'card', 'completed', 'declined', 'holdLimit', 'insufficient', 'invalid', 'ranOut', 'replaced']);
  });
});

const variant = (id: string, title: string, price: number) => ({
  id, title, description: '', images: [], price: { current: price, original: price }, currency: 'SEK',
  customFeeIdList: [], taxRates: [], purchaseCap: 8, date: { start: null, end: null }, location: null,
});
const line = (id: string, offerTitle: string, title: string, quantity: number, unit: number) => ({
  itemVariantId: id, offerId: `offer-${id}`, quantity, offerType: 'live', offerTitle, offerPuffImage: { jpeg: {}, webp: {} },
  itemVariantType: 'ticket' as const, itemVariantCustomFeeBuildRecord: {}, itemVariant: variant(id, title, unit - 2_500),
  unitPrice: unit, linePrice: unit * quantity,
});

describe('what the member pays for', () => {
  const cart = {
    itemList: [line('v1', 'Mørketid live', 'Standing', 2, 42_000), line('v2', 'Jazz on the pier', 'Seated', 1, 8_900)],
    totalPrice: 92_900,
    totalCustomFeePrice: 7_500,
    totalQuantity: 3,
    taxList: [{ taxRateId: 'vat-6', percentage: 6, display_name: 'VAT 6%', amount: 5_258 }],
    currency: 'SEK',
    version: 3,
  } as unknown as ShoppingCart;

  it('lists the lines, fees, VAT and total of the cart the checkout opened with', async () => {
    const { api } = fakeApi();
    renderCheckout(api, cart);
    const summary = await screen.findByRole('region', { name: 'Your order' });
    const lines = within(summary).getAllByRole('listitem').map((item) => item.textContent?.replace(/[\u00a0\u202f]/g, ' '));
    expect(lines).toEqual(['Mørketid live2 × Standing840,00 kr', 'Jazz on the pier1 × Seated89,00 kr']);
    const totals = Object.fromEntries(
      within(summary).getAllByRole('term').map((term) => [term.textContent?.replace(/[\u00a0\u202f]/g, ' '), term.nextElementSibling?.textContent?.replace(/[\u00a0\u202f]/g, ' ')]),
    );
    expect(totals).toEqual({ 'Fees (included)': '75,00 kr', 'incl. VAT 6 %': '52,58 kr', Total: '929,00 kr' });
    expect(screen.getByText('To pay: 929,00 kr')).toBeTruthy();
  });
});

describe('leaving the checkout', () => {
  it('expires the open session when the page closes before paying', async () => {
    const { api, calls } = fakeApi();
    const page = renderCheckout(api);
    await screen.findByRole('form', { name: 'Card payment' });
    page.unmount();
    expect(calls.expired).toEqual(['cs_test_1']);
  });

  it('keeps a paid session when the page closes after the order', async () => {
    const { api, calls } = fakeApi();
    const page = renderCheckout(api);
    await screen.findByRole('form', { name: 'Card payment' });
    fillCard('4242424242424242');
    fireEvent.click(payButton());
    await screen.findByRole('status', { name: 'Order confirmed' });
    page.unmount();
    expect(calls.expired).toEqual([]);
  });

  it.each([
    ['user/shopping-cart-empty', 'Your cart is empty.', 'Back to the offers'],
    ['checkout/purchase-cap-reached', 'The number of maximum purchases per user has been reached.', 'Back to the offers'],
    ['checkout/sold-out', 'Unfortunately the item for this offer is sold out.', 'Back to the offers'],
    ['checkout/offer-ended', 'The offer is no longer relevant', 'Back to the offers'],
    ['checkout/not-on-sale', 'This item is not on sale yet.', 'Back to the offers'],
    ['checkout/queue-turn-needed', 'Wait for your turn in the queue on the offer page.', 'Back to the offers'],
    ['checkout/replaced', 'You started a new checkout in another window.', 'Back to the offers'],
    ['checkout/session-not-open', 'The payment time ran out. Start the checkout again.', 'Try again'],
    ['internal_error', 'Something went wrong with the payment. Please try again.', 'Try again'],
  ])('a refused session (%s) says why, offers a retry only where one can succeed, and closing then expires nothing', async (code, text, action) => {
    const { api, calls } = fakeApi({ refuseSession: new ApiError(409, code, 'refused') });
    const page = renderCheckout(api);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(text);
    expect(within(alert).getByText(action)).toBeTruthy();
    if (action !== 'Try again') expect(within(alert).queryByRole('button')).toBeNull();
    page.unmount();
    expect(calls.expired).toEqual([]);
  });

  it('a checkout refused at the hold ceiling tells the ceiling and when the member may hold again, and offers no retry', async () => {
    const refusal = new ApiError(409, 'checkout/hold-limit-reached', 'You have held this item for 45 minutes', { holdAgainAt, holdLimitMinutes: 45 });
    const { api } = fakeApi({ refuseSession: refusal });
    renderCheckout(api);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'You have held tickets for this evening for 45 minutes in the last 6 hours, so they went back on sale for others. You can hold them again at 15:40.',
    );
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('leads back to the offer when the whole cart is of one offer', async () => {
    const { api } = fakeApi({ refuseSession: new ApiError(409, 'checkout/queue-turn-needed', 'Wait for your turn') });
    const cart = { itemList: [line('v1', 'Mørketid live', 'Standing', 2, 42_000), line('v2', 'Mørketid live', 'Seated', 1, 42_000)].map((l) => ({ ...l, offerId: 'aurora-live-001' })), totalPrice: 126_000, totalCustomFeePrice: 0, totalQuantity: 3, taxList: [], currency: 'SEK', version: 1 } as unknown as ShoppingCart;
    renderCheckout(api, cart);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Back to the offer' }).getAttribute('href')).toBe('/live/aurora-live-001');
  });

  it('a card payment of a session another window replaced says so, with no retry and nothing expired', async () => {
    const { api, calls } = fakeApi({ refusePayment: new ApiError(409, 'checkout/replaced', 'You started a new checkout in another window') });
    const page = renderCheckout(api);
    await screen.findByRole('form', { name: 'Card payment' });
    fillCard('4242424242424242');
    fireEvent.click(payButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You started a new checkout in another window.');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    page.unmount();
    expect(calls.expired).toEqual([]);
  });

  it('an announcement of a checkout this one replaced (both opened at once) leaves the form: the server says ours is open', async () => {
    const { api, calls } = fakeApi();
    renderCheckout(api);
    await screen.findByRole('form', { name: 'Card payment' });
    const before = calls.statusChecks;
    announceOtherCheckout('cs_test_before');
    await waitFor(() => expect(calls.statusChecks).toBeGreaterThan(before));
    // The answer (open) has come and changed nothing.
    await act(async () => undefined);
    expect(form()).not.toBeNull();
    expect(within(form()!).queryByRole('alert')).toBeNull();
    expect(screen.queryByText('You started a new checkout in another window.')).toBeNull();
  });
});

describe('the session watcher while a card payment is under way', () => {
  it("leaves the session's end to the payment's own answer", async () => {
    let report: ((event: AnyEventObject) => void) | undefined;
    const actor = createActor(
      checkoutMachine.provide({
        actors: {
          loadConfig: fromPromise<CheckoutConfig>(async () => ({ publishableKey: 'pk_test_x', provider: 'local' })),
          createSession: fromPromise(async () => session(1)),
          payWithCard: fromPromise<CheckoutOutcome, { session: CheckoutSession; form: CardForm }>(() => new Promise(() => undefined)),
          sessionKeeper: fromCallback(() => undefined),
          sessionWatcher: fromCallback(({ sendBack }) => void (report = sendBack)),
        },
      }),
      { input: { name: 'Maja', email: 'maja@aurora.test', cart: null, now: () => Date.parse('2026-11-24T12:00:00Z') } },
    ).start();
    await waitForActor(actor, (s) => s.matches({ open: { card: 'editing' } }));
    for (const [field, value] of [['cardNumber', '4242 4242 4242 4242'], ['expiry', '12/30'], ['cvc', '123']] as const) actor.send({ type: 'checkout.edit', field, value });
    actor.send({ type: 'checkout.pay' });
    expect(actor.getSnapshot().matches({ open: { card: 'paying' } })).toBe(true);
    report!({ type: 'checkout.statusSeen', outcome: { status: 'expired', orderId: null, endedBecause: 'replaced' } });
    report!({ type: 'checkout.otherCheckoutOpened', sessionId: 'cs_test_elsewhere' });
    expect(actor.getSnapshot().matches({ open: { card: 'paying' } })).toBe(true);
    actor.stop();
  });
});

describe("Stripe's embedded Checkout", () => {
  it('mounts it with the session client secret, and settles the order when Stripe reports completion', async () => {
    const { api, calls } = fakeApi({ provider: 'stripe' });
    let onComplete: (() => void) | undefined;
    const mounted: string[] = [];
    // What react-stripe-js checks a Stripe instance by, and the one call embedded Checkout makes.
    const fakeStripe = {
      elements: vi.fn(),
      createToken: vi.fn(),
      createPaymentMethod: vi.fn(),
      confirmCardPayment: vi.fn(),
      createEmbeddedCheckoutPage: vi.fn(async (options: { clientSecret?: string; fetchClientSecret?: () => Promise<string>; onComplete?: () => void }) => {
        onComplete = options.onComplete;
        mounted.push(options.clientSecret ?? (await options.fetchClientSecret!()));
        return { mount: vi.fn(), unmount: vi.fn(), destroy: vi.fn() };
      }),
    } as unknown as Stripe;
    const loadStripe = vi.fn(async () => fakeStripe);
    const cart = { send: vi.fn(), getSnapshot: () => ({ context: { cart: null } }) };
    const { logic } = (await import('../../src/wiring/checkout.wiring.ts')).wireCheckout({
        api,
        container: browserContainer,
        analytics: recordingAnalytics(),
        identity: () => {
          throw new Error('no identity here');
        },
        app: { getSnapshot: () => ({ context: { member: testMember() }, children: { cart } }) } as never,
      });
    render(
      <I18nProvider i18n={i18n}>
        <CheckoutScreen logic={logic} input={{ name: 'Maja', email: 'maja@aurora.test', cart: null }} loadStripe={loadStripe} />
      </I18nProvider>,
    );
    await waitFor(() => expect(mounted).toEqual(['cs_test_1_secret_x']));
    expect(loadStripe).toHaveBeenCalledWith('pk_test_x');
    expect(form()).toBeNull();
    await act(async () => onComplete!());
    await screen.findByRole('status', { name: 'Order confirmed' });
    expect(calls.completed).toEqual(['cs_test_1']);
    expect(calls.expired).toEqual([]);
    // The order took the cart's lines: the app's cart loads again.
    expect(cart.send).toHaveBeenCalledWith({ type: 'cart.reload' });
  });
});
