import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { Stripe } from '@stripe/stripe-js';
import type { CheckoutConfig, CheckoutOutcome, CheckoutSession, LocalCardPaymentBody } from '../../contract/checkout.ts';
import type { ShoppingCart } from '../../contract/commerce.ts';
import { ApiError } from '../../src/api/apiError.ts';
import type { ApiClient } from '../../src/api/client.ts';
import { CheckoutScreen } from '../../src/screens/checkout/CheckoutScreen.tsx';
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
 * leaving before paying expires the session, and nothing else does.
 */
type Row = 'card' | 'invalid' | 'declined' | 'insufficient' | 'completed' | 'cancelled';
interface World {
  row: Row;
  /** Sessions created, and expired by the client. */
  sessions: number;
  expired: number;
}

const start: World = { row: 'card', sessions: 1, expired: 0 };
const name = (w: World) => `${w.row}|sessions ${w.sessions}|expired ${w.expired}`;
const parse = (value: string): World => {
  const [row, sessions, expired] = value.split('|');
  return { row: row as Row, sessions: Number(sessions!.split(' ')[1]), expired: Number(expired!.split(' ')[1]) };
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
        return { ...w, row: 'cancelled', expired: w.expired + 1 };
      default:
        return null;
    }
  }
  // Bounded: starting again once is enough to show a second session is made.
  if (w.row === 'cancelled' && event === 'START_AGAIN' && w.sessions < 2) return { ...w, row: 'card', sessions: w.sessions + 1 };
  return null;
}

const events = ['PAY_WITH_EMPTY_CVC', 'PAY_WITH_BAD_NUMBER', 'PAY_DECLINED', 'PAY_INSUFFICIENT_FUNDS', 'PAY_4242', 'CANCEL', 'START_AGAIN'];
const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'checkoutPage', initial: name(start), states }));

const session = (n: number): CheckoutSession => ({
  id: `cs_test_${n}`,
  clientSecret: `cs_test_${n}_secret_x`,
  amountTotal: 92_900,
  currency: 'SEK',
  expiresAt: Date.parse('2026-11-24T19:00:00Z'),
});

/** The API's checkout calls with the server's rules: one session per opening, Stripe's test cards. */
function fakeApi(options: { provider?: CheckoutConfig['provider']; refuseSession?: ApiError } = {}) {
  const calls = { sessions: 0, expired: [] as string[], payments: [] as LocalCardPaymentBody[], completed: [] as string[] };
  const api: ApiClient = {
    appUrl: 'http://localhost',
    baseUrl: '',
    get: async <T,>(path: string): Promise<T> => {
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
          if (payment.cardNumber === '4000000000000002') throw new ApiError(402, 'card_declined', 'Your card was declined.');
          if (payment.cardNumber === '4000000000009995') throw new ApiError(402, 'insufficient_funds', 'Your card has insufficient funds.');
          return { status: 'complete', orderId: 'order-1', orderReference: 'K7Q-4M2P' } satisfies CheckoutOutcome as T;
        }
        default:
          throw new Error(`unexpected ${path}`);
      }
    },
  };
  return { api, calls };
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
      const { api, calls } = fakeApi();
      renderCheckout(api);
      await screen.findByRole('form', { name: 'Card payment' });

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
            expect(calls.expired).toEqual(Array.from({ length: w.expired }, (_, i) => `cs_test_${i + 1}`));
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
    expect([...rows].sort()).toEqual(['cancelled', 'card', 'completed', 'declined', 'insufficient', 'invalid']);
  });
});

describe('what the member pays for', () => {
  const variant = (id: string, title: string, price: number) => ({
    id, title, description: '', images: [], price: { current: price, original: price }, currency: 'SEK',
    customFeeIdList: [], taxRates: [], purchaseCap: 8, date: { start: null, end: null }, location: null,
  });
  const line = (id: string, offerTitle: string, title: string, quantity: number, unit: number) => ({
    itemVariantId: id, offerId: `offer-${id}`, quantity, offerType: 'live', offerTitle, offerPuffImage: { jpeg: {}, webp: {} },
    itemVariantType: 'ticket' as const, itemVariantCustomFeeBuildRecord: {}, itemVariant: variant(id, title, unit - 2_500),
    unitPrice: unit, linePrice: unit * quantity,
  });
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
    ['checkout/purchase-cap-reached', 'The number of maximum purchases per user has been reached.', 'Try again'],
    ['checkout/sold-out', 'Unfortunately the item for this offer are sold out.', 'Try again'],
    ['checkout/offer-ended', 'The offer is no longer relevant', 'Try again'],
    ['internal_error', 'Something went wrong with the payment. Please try again.', 'Try again'],
  ])('a refused session (%s) says why, and closing then expires nothing', async (code, text, action) => {
    const { api, calls } = fakeApi({ refuseSession: new ApiError(409, code, 'refused') });
    const page = renderCheckout(api);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(text);
    expect(within(alert).getByText(action)).toBeTruthy();
    page.unmount();
    expect(calls.expired).toEqual([]);
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
