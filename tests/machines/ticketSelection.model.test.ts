import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { exploreWorlds, pathPerTransition } from './modelPaths.ts';
import { selectedVariant, ticketSelectionMachine, type TicketSelectionEvent } from '../../machines/ticketSelection.machine.ts';
import type { ItemVariant } from '../../contract/commerce.ts';
import type { SellingOffer } from '../../domain/ticketCascade.ts';
import { maxQuantityOf, mediaOf } from '../../domain/ticketCascade.ts';
import { maxQuantityAfterPurchases } from '../../machines/offer.rules.ts';

const now = Date.UTC(2030, 0, 1);
const hour = 3_600_000;
const T1 = now + 10 * 24 * hour;
const T2 = T1 + 24 * hour;
const T3 = T1 + 7 * 24 * hour;
const T4 = now - 48 * hour;
const image = (n: string) => ({ jpeg: { medium: `/${n}.jpg` }, webp: { medium: `/${n}.webp` } });

function variant(id: string, city: string | null, start: number | null, title: string, price: number, fields: Partial<ItemVariant> = {}): ItemVariant {
  return {
    id, title, description: '', images: [], price: { current: price, original: price }, currency: 'SEK', customFeeIdList: [], taxRates: [],
    purchaseCap: 8, date: { start, end: start === null ? null : start + 3 * hour },
    location: city === null ? null : { address: 'Gatan 1', zipCode: '111 11', city, mapUrl: 'https://maps.example' }, ...fields,
  };
}

/** The seed's featured event: two evenings in Stockholm (two tickets on the first), Göteborg sold out, Malmö already over. */
const concert: SellingOffer = {
  itemVariantType: 'ticket',
  puffImage: image('puff'),
  itemVariantIndex: 0,
  itemVariantList: [
    variant('sthlm-standing', 'Stockholm', T1, 'Standing', 39_500),
    variant('sthlm-seated', 'Stockholm', T1, 'Seated', 59_500, { purchaseCap: 4 }),
    variant('sthlm-night2', 'Stockholm', T2, 'Standing', 39_500),
    variant('gbg', 'Göteborg', T3, 'Standing', 34_500),
    variant('malmo', 'Malmö', T4, 'Standing', 34_500),
  ],
  itemVariantAvailability: { 'sthlm-standing': 150, 'sthlm-seated': 40, 'sthlm-night2': 2, gbg: 0, malmo: 10 },
};

/** The spec's cascade, stated without the machine: which times a city has, which variants a time has. */
const timesOfCity: Record<string, number[]> = { Stockholm: [T1, T2], Göteborg: [T3], Malmö: [T4] };
const variantsAtTime: Record<number, string[]> = { [T1]: ['sthlm-standing', 'sthlm-seated'], [T2]: ['sthlm-night2'], [T3]: ['gbg'], [T4]: ['malmo'] };
const verdict: Record<string, 'buyable' | 'soldOut' | 'ended'> = {
  'sthlm-standing': 'buyable', 'sthlm-seated': 'buyable', 'sthlm-night2': 'buyable', gbg: 'soldOut', malmo: 'ended',
};

interface World {
  city: string | null;
  time: number | null;
  variant: string | null;
}

const intents: Record<string, TicketSelectionEvent> = {
  CITY_STOCKHOLM: { type: 'ticket.citySelected', city: 'Stockholm' },
  CITY_GOTEBORG: { type: 'ticket.citySelected', city: 'Göteborg' },
  CITY_MALMO: { type: 'ticket.citySelected', city: 'Malmö' },
  CITY_UNKNOWN: { type: 'ticket.citySelected', city: 'Paris' },
  TIME_FIRST_NIGHT: { type: 'ticket.timeSelected', time: T1 },
  TIME_SECOND_NIGHT: { type: 'ticket.timeSelected', time: T2 },
  TIME_GOTEBORG: { type: 'ticket.timeSelected', time: T3 },
  TITLE_STANDING: { type: 'ticket.variantSelected', itemVariantId: 'sthlm-standing' },
  TITLE_SEATED: { type: 'ticket.variantSelected', itemVariantId: 'sthlm-seated' },
  TITLE_OTHER_NIGHT: { type: 'ticket.variantSelected', itemVariantId: 'sthlm-night2' },
  ITEM_SELECTOR: { type: 'item.variantSelected', itemVariantId: 'sthlm-seated' },
};

/** A time chosen, and the variant when that time has only one. */
const atTime = (w: World, time: number): World => {
  const found = variantsAtTime[time]!;
  return { ...w, time, variant: found.length === 1 ? found[0]! : null };
};

function next(w: World, event: string): World {
  const intent = intents[event]!;
  switch (intent.type) {
    case 'ticket.citySelected': {
      const times = timesOfCity[intent.city];
      if (!times) return w;
      const chosen: World = { city: intent.city, time: null, variant: null };
      return times.length === 1 ? atTime(chosen, times[0]!) : chosen;
    }
    case 'ticket.timeSelected':
      return w.city !== null && timesOfCity[w.city]!.includes(intent.time) ? atTime(w, intent.time) : w;
    case 'ticket.variantSelected':
      return w.time !== null && variantsAtTime[w.time]!.includes(intent.itemVariantId) ? { ...w, variant: intent.itemVariantId } : w;
    default:
      // A ticket offer has no plain selector.
      return w;
  }
}

const timeLabels: Record<number, string> = { [T1]: 'night1', [T2]: 'night2', [T3]: 'gbgNight', [T4]: 'malmoNight' };
const timeOfLabel = (label: string) => Number(Object.entries(timeLabels).find(([, l]) => l === label)![0]);
const name = (w: World) => `${w.city ?? '-'}|${w.time === null ? '-' : timeLabels[w.time]}|${w.variant ?? '-'}`;
const start: World = { city: null, time: null, variant: null };
const states = exploreWorlds(start, Object.keys(intents), next, name);
const model = createTestModel(createMachine({ id: 'ticketWorld', initial: name(start), states }));

describe('ticket selection, generated paths over the real machine', () => {
  for (const path of pathPerTransition(model.getShortestPaths())) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps || 'opening'} gives ${String(path.state.value)}`, async () => {
      const actor = createActor(ticketSelectionMachine, { input: { offer: concert, now } }).start();
      await model.testPath(path, {
        states: {
          '*': (state) => {
            const w = worldOf(String(state.value));
            const snapshot = actor.getSnapshot();
            expect(snapshot.context).toMatchObject({ city: w.city, time: w.time, variantId: w.variant });
            expect(snapshot.hasTag('needsSelection')).toBe(w.variant === null);
            for (const tag of ['buyable', 'soldOut', 'ended'] as const) {
              expect(snapshot.hasTag(tag), tag).toBe(w.variant !== null && verdict[w.variant] === tag);
            }
            expect(selectedVariant(snapshot.context)?.id ?? null).toBe(w.variant);
            // Tickets always show the offer's puff image.
            expect(mediaOf(concert, selectedVariant(snapshot.context))).toEqual(concert.puffImage);
          },
        },
        events: Object.fromEntries(Object.entries(intents).map(([key, intent]) => [key, () => void actor.send(intent)])),
      });
    });
  }
});

/** The world a model state's name stands for. */
function worldOf(key: string): World {
  const [city, time, chosen] = key.split('|');
  return { city: city === '-' ? null : city!, time: time === '-' ? null : timeOfLabel(time!), variant: chosen === '-' ? null : chosen! };
}

const shirt: SellingOffer = {
  itemVariantType: 'other',
  puffImage: image('puff'),
  itemVariantIndex: 1,
  itemVariantList: [
    variant('s', null, null, 'Size S', 24_900, { images: [image('s')] }),
    variant('m', null, null, 'Size M', 24_900, { images: [image('m')], purchaseCap: 5 }),
    variant('xl', null, null, 'Size XL', 24_900),
  ],
  itemVariantAvailability: { s: 0, m: 12, xl: 3 },
};

describe('merchandise and whole-offer states', () => {
  it('starts merchandise at the offer index with a plain selector, media following the variant', () => {
    const actor = createActor(ticketSelectionMachine, { input: { offer: shirt, now } }).start();
    expect(actor.getSnapshot().matches({ item: { selected: 'buyable' } })).toBe(true);
    expect(actor.getSnapshot().context.variantId).toBe('m');
    expect(mediaOf(shirt, selectedVariant(actor.getSnapshot().context))).toEqual(image('m'));
    expect(maxQuantityOf(shirt, shirt.itemVariantList[1]!)).toBe(5);
    actor.send({ type: 'item.variantSelected', itemVariantId: 's' });
    expect(actor.getSnapshot().hasTag('soldOut')).toBe(true);
    actor.send({ type: 'item.variantSelected', itemVariantId: 'xl' });
    expect(actor.getSnapshot().hasTag('buyable')).toBe(true);
    // No picture of its own: the offer's puff image.
    expect(mediaOf(shirt, selectedVariant(actor.getSnapshot().context))).toEqual(image('puff'));
    expect(maxQuantityOf(shirt, shirt.itemVariantList[2]!)).toBe(3);
    // What the member bought counts against the cap of 5: 2 bought leave 3; at the cap, the picker still offers 1 (the cart names the cap).
    expect(maxQuantityOf(shirt, shirt.itemVariantList[1]!, 2)).toBe(3);
    expect(maxQuantityOf(shirt, shirt.itemVariantList[1]!, 5)).toBe(1);
    // The offer page's dialog counts every order line of the variant, and only of that variant.
    const bought = [{ itemVariantId: 'm', quantity: 1 }, { itemVariantId: 'xl', quantity: 3 }, { itemVariantId: 'm', quantity: 2 }];
    expect(maxQuantityAfterPurchases(shirt, shirt.itemVariantList[1]!, bought)).toBe(2);
    for (const ignored of [{ type: 'item.variantSelected', itemVariantId: 'nope' }, { type: 'ticket.citySelected', city: '' }] as const) {
      actor.send(ignored);
      expect(actor.getSnapshot().context.variantId).toBe('xl');
    }
  });

  it('falls back to the first variant when the index is out of range', () => {
    const actor = createActor(ticketSelectionMachine, { input: { offer: { ...shirt, itemVariantIndex: 9 }, now } }).start();
    expect(actor.getSnapshot().context.variantId).toBe('s');
  });

  it('is no longer relevant when every variant has ended, and has nothing to sell without variants', () => {
    const over = { ...concert, itemVariantList: concert.itemVariantList.filter((v) => v.id === 'malmo') };
    const ended = createActor(ticketSelectionMachine, { input: { offer: over, now } }).start();
    expect(ended.getSnapshot().value).toBe('ended');
    expect(ended.getSnapshot().hasTag('ended')).toBe(true);
    ended.send({ type: 'ticket.citySelected', city: 'Malmö' });
    expect(ended.getSnapshot().value).toBe('ended');
    const none = createActor(ticketSelectionMachine, { input: { offer: { ...concert, itemVariantList: [] }, now } }).start();
    expect(none.getSnapshot().value).toBe('nothingToSell');
    expect(none.getSnapshot().hasTag('buyable')).toBe(false);
  });

  it('treats a variant the server gave no availability for as sold out', () => {
    const actor = createActor(ticketSelectionMachine, { input: { offer: { ...shirt, itemVariantAvailability: {} }, now } }).start();
    expect(actor.getSnapshot().hasTag('soldOut')).toBe(true);
  });

  it('checks the chosen variant again when availability is read anew, keeping the choice', () => {
    const actor = createActor(ticketSelectionMachine, { input: { offer: concert, now } }).start();
    actor.send({ type: 'ticket.citySelected', city: 'Göteborg' });
    expect(actor.getSnapshot().hasTag('soldOut')).toBe(true);
    actor.send({ type: 'selection.availabilityUpdated', itemVariantAvailability: { ...concert.itemVariantAvailability, gbg: 1 } });
    expect(actor.getSnapshot().hasTag('buyable')).toBe(true);
    expect(actor.getSnapshot().context.variantId).toBe('gbg');
    actor.send({ type: 'selection.availabilityUpdated', itemVariantAvailability: { ...concert.itemVariantAvailability, gbg: 0 } });
    expect(actor.getSnapshot().hasTag('soldOut')).toBe(true);
    // Before anything is chosen the counts are kept for when it is.
    const fresh = createActor(ticketSelectionMachine, { input: { offer: concert, now } }).start();
    fresh.send({ type: 'selection.availabilityUpdated', itemVariantAvailability: { ...concert.itemVariantAvailability, gbg: 2 } });
    fresh.send({ type: 'ticket.citySelected', city: 'Göteborg' });
    expect(fresh.getSnapshot().hasTag('buyable')).toBe(true);
    const shirts = createActor(ticketSelectionMachine, { input: { offer: shirt, now } }).start();
    shirts.send({ type: 'selection.availabilityUpdated', itemVariantAvailability: { ...shirt.itemVariantAvailability, m: 0 } });
    expect(shirts.getSnapshot().hasTag('soldOut')).toBe(true);
  });
});
