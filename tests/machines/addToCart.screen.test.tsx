import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { createMachine, fromCallback, setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { appMachine } from '../../machines/app.machine.ts';
import type { CartEvent } from '../../machines/cart.machine.ts';
import type { ItemVariant } from '../../contract/commerce.ts';
import type { OfferDetail } from '../../contract/offer.ts';
import type { ApiClient } from '../../src/api/client.ts';
import { AppActor, WiringContext } from '../../src/appActor.ts';
import { NavigatorContext, type NavigatorRef } from '../../src/navigation/navigation.ts';
import { screens } from '../../src/routes/screens.tsx';
import { offerDetail } from '../client/offer/offerDetailFixtures.ts';
import { testBrand, testMember } from './fixtures.ts';
import { exploreWorlds, pathPerTransition } from './modelPaths.ts';
import { browserContainer } from '../client/browserContainer.ts';
import { recordingAnalytics } from '../client/recordingAnalytics.ts';

const hour = 3_600_000;
const T1 = Date.now() + 10 * 24 * hour;
const T2 = T1 + 24 * hour;
const T3 = T1 + 7 * 24 * hour;

function variant(id: string, city: string, start: number, title: string, fields: Partial<ItemVariant> = {}): ItemVariant {
  return {
    id, title, description: '', images: [], price: { current: 39_500, original: 39_500 }, currency: 'SEK', customFeeIdList: [], taxRates: [],
    purchaseCap: 8, date: { start, end: start + 3 * hour },
    location: { address: 'Gatan 1', zipCode: '111 11', city, mapUrl: 'https://maps.example' }, ...fields,
  };
}

/** Two tickets on Stockholm's first evening (the seated one limited by availability, 3), a second evening, Göteborg sold out. */
const concert: OfferDetail = offerDetail({
  id: 'concert',
  itemVariantType: 'ticket',
  callToAction: { type: 'payment', label: 'Buy tickets' },
  itemVariantList: [
    variant('standing', 'Stockholm', T1, 'Standing'),
    variant('seated', 'Stockholm', T1, 'Seated', { purchaseCap: 4 }),
    variant('night2', 'Stockholm', T2, 'Standing'),
    variant('gbg', 'Göteborg', T3, 'Standing'),
  ],
  itemVariantAvailability: { standing: 150, seated: 3, night2: 20, gbg: 0 },
});

/** The limit of the dialog's quantity (spec 5): availability, never above the purchase cap. */
const maxOf = { standing: 8, seated: 3 } as const;

type Pick = 'none' | 'standing' | 'seated' | 'soldOut';
interface World {
  pick: Pick;
  open: 'none' | 'warning' | 'dialog';
  quantity: number;
  /** What the cart was told, once (spec 4: action add with the variant and quantity). */
  added: string | null;
}

const events = ['PICK_STANDING', 'PICK_SEATED', 'PICK_SOLD_OUT', 'BUY', 'DISMISS_WARNING', 'TYPE_5', 'TYPE_99', 'TYPE_EMPTY', 'CONFIRM', 'ESCAPE'];

/** The spec's payment action and dialog, stated without the machine. */
function next(w: World, event: string): World | null {
  const buyable = w.pick === 'standing' || w.pick === 'seated';
  // After one add the model only checks that the dialog opens again at quantity 1.
  if (w.added !== null && event !== 'BUY') return null;
  switch (event) {
    case 'PICK_STANDING':
    case 'PICK_SEATED':
    case 'PICK_SOLD_OUT':
      if (w.open !== 'none') return null;
      return { ...w, pick: event === 'PICK_STANDING' ? 'standing' : event === 'PICK_SEATED' ? 'seated' : 'soldOut' };
    case 'BUY':
      // A sold-out choice has a disabled button (checked in every state).
      if (w.open !== 'none' || w.pick === 'soldOut') return null;
      return buyable ? { ...w, open: 'dialog', quantity: 1 } : { ...w, open: 'warning' };
    case 'DISMISS_WARNING':
      return w.open === 'warning' ? { ...w, open: 'none' } : null;
    case 'TYPE_5':
    case 'TYPE_99':
    case 'TYPE_EMPTY': {
      if (w.open !== 'dialog' || !buyable) return null;
      const typed = event === 'TYPE_5' ? 5 : event === 'TYPE_99' ? 99 : 1;
      return { ...w, quantity: Math.min(typed, maxOf[w.pick as 'standing' | 'seated']) };
    }
    case 'CONFIRM':
      return w.open === 'dialog' ? { ...w, open: 'none', quantity: 1, added: `${w.pick}×${w.quantity}` } : null;
    case 'ESCAPE':
      return w.open === 'dialog' ? { ...w, open: 'none', quantity: 1 } : null;
    default:
      return null;
  }
}

const name = (w: World) => `${w.pick}|${w.open}|${w.quantity}|${w.added ?? '-'}`;
const worldOf = (key: string): World => {
  const [pick, open, quantity, added] = key.split('|');
  return { pick: pick as Pick, open: open as World['open'], quantity: Number(quantity), added: added === '-' ? null : added! };
};
const start: World = { pick: 'none', open: 'none', quantity: 1, added: null };
const model = createTestModel(createMachine({ id: 'addToCartWorld', initial: name(start), states: exploreWorlds(start, events, next, name) }));

/** The offer route as the app renders it, over a stand-in root whose 'cart' child records what it is sent. */
function renderOffer() {
  const received: CartEvent[] = [];
  const api: ApiClient = {
    appUrl: 'http://localhost',
    baseUrl: '',
    get: async <T,>(path: string): Promise<T> => {
      if (path === '/v1/get_list/brand/category') return { list: [], record: {} } as T;
      // No places in line, nothing bought yet.
      if (path === '/v1/get_list/waiting_list' || path === '/v1/get_list/order_history') return [] as T;
      return concert as T;
    },
    send: async () => {
      throw new Error('the offer page itself sends nothing');
    },
  };
  const root = setup({
    actors: { cart: fromCallback<CartEvent>(({ receive }) => receive((event) => void received.push(event))) },
  }).createMachine({
    context: { brand: testBrand(), layout: 'mobile', member: testMember() },
    invoke: { src: 'cart', id: 'cart', systemId: 'cart' },
  }) as unknown as typeof appMachine;
  const navigator = { send: () => undefined } as unknown as NavigatorRef;
  const OfferRoute = screens.offer;
  render(
    <I18nProvider i18n={i18n}>
      <AppActor.Provider logic={root}>
        <WiringContext.Provider value={{ api, identity: () => { throw new Error('no identity here'); }, container: browserContainer, analytics: recordingAnalytics() }}>
          <NavigatorContext.Provider value={navigator}>
            <OfferRoute params={{ type: 'live', id: 'concert' }} path="/live/concert" />
          </NavigatorContext.Provider>
        </WiringContext.Provider>
      </AppActor.Provider>
    </I18nProvider>,
  );
  return { received };
}

const select = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'select' }), { target: { value } });
const buyButton = () => screen.getByRole('button', { name: 'Buy tickets' });
const dialog = () => screen.queryByRole('dialog', { name: 'Add to cart' });
const quantityField = () => within(dialog()!).getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity' });
const typeQuantity = (value: string) => {
  fireEvent.change(quantityField(), { target: { value } });
  fireEvent.keyDown(quantityField(), { key: 'Enter' });
};

afterEach(cleanup);

describe('the add-to-cart dialog on the rendered offer page, generated paths', () => {
  for (const path of pathPerTransition(model.getShortestPaths())) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps || 'opening'} gives ${String(path.state.value)}`, async () => {
      const { received } = renderOffer();
      await screen.findByRole('heading', { level: 1 });
      await model.testPath(path, {
        states: {
          '*': (state) => {
            const w = worldOf(String(state.value));
            expect(dialog() !== null, 'dialog open').toBe(w.open === 'dialog');
            expect(screen.queryByText('Choose a city first.') !== null, 'select item warning').toBe(w.open === 'warning');
            if (w.open === 'dialog') {
              expect(quantityField().value).toBe(String(w.quantity));
              expect(quantityField().max).toBe(String(maxOf[w.pick as 'standing' | 'seated']));
            }
            if (w.open === 'none') {
              expect(buyButton().hasAttribute('disabled'), 'payment disabled').toBe(w.pick === 'soldOut');
              expect(screen.queryAllByText('Unfortunately the item for this offer is sold out.').length > 0).toBe(w.pick === 'soldOut');
            }
            const told = received.map((e) => (e.type === 'cart.add' ? `${e.itemVariantId}×${e.quantity}|${e.offerId}` : e.type));
            expect(told).toEqual(w.added === null ? [] : [`${w.added}|concert`]);
          },
        },
        events: {
          PICK_STANDING: () => {
            select('City', 'Stockholm');
            select('Time', String(T1));
            select('Ticket', 'standing');
          },
          PICK_SEATED: () => {
            select('City', 'Stockholm');
            select('Time', String(T1));
            select('Ticket', 'seated');
          },
          PICK_SOLD_OUT: () => void select('City', 'Göteborg'),
          BUY: () => void fireEvent.click(buyButton()),
          DISMISS_WARNING: () => void fireEvent.click(screen.getByRole('button', { name: 'OK' })),
          TYPE_5: () => typeQuantity('5'),
          TYPE_99: () => typeQuantity('99'),
          TYPE_EMPTY: () => typeQuantity(''),
          CONFIRM: () => void fireEvent.click(within(dialog()!).getByRole('button', { name: 'Add to cart' })),
          ESCAPE: () => void fireEvent.keyDown(dialog()!, { key: 'Escape' }),
        },
      });
    });
  }
});

describe('the add-to-cart dialog, by keyboard', () => {
  it('is labelled, keeps focus inside, steps the quantity within its limit and gives focus back on close', async () => {
    renderOffer();
    await screen.findByRole('heading', { level: 1 });
    select('City', 'Stockholm');
    select('Time', String(T1));
    select('Ticket', 'seated');
    buyButton().focus();
    await act(async () => fireEvent.click(buyButton()));
    const open = dialog()!;
    expect(open.contains(document.activeElement)).toBe(true);
    const plus = within(open).getByRole('button', { name: 'Increase Quantity' });
    fireEvent.click(plus);
    fireEvent.click(plus);
    expect(quantityField().value).toBe('3');
    expect(plus.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(open).getByRole('button', { name: 'Decrease Quantity' }));
    expect(quantityField().value).toBe('2');
    fireEvent.keyDown(open, { key: 'Escape' });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(buyButton());
  });
});

describe('buying before the pickers are done', () => {
  it('names the picker still waiting: city, then time, then ticket (issue 41)', async () => {
    renderOffer();
    await screen.findByRole('heading', { level: 1 });
    const warnsOf = async (text: string) => {
      await act(async () => fireEvent.click(buyButton()));
      expect(screen.getByText(text)).toBeTruthy();
      expect(screen.queryByText('Select an item first.')).toBeNull();
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'OK' })));
      expect(screen.queryByText(text)).toBeNull();
    };
    await warnsOf('Choose a city first.');
    select('City', 'Stockholm');
    await warnsOf('Choose a time first.');
    select('Time', String(T1));
    await warnsOf('Choose a ticket first.');
    select('Ticket', 'seated');
    await act(async () => fireEvent.click(buyButton()));
    expect(dialog()).not.toBeNull();
  });
});
