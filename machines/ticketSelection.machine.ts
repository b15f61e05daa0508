import { assign, setup } from 'xstate';
import type { ItemVariant } from '../contract/commerce.ts';
import {
  availableCount,
  citiesOf,
  hasEnded,
  offerHasEnded,
  timesOf,
  variantsAt,
  type SellingOffer,
} from '../src/domain/ticketCascade.ts';

export interface TicketSelectionInput {
  offer: SellingOffer;
  /** Milliseconds since epoch when the page opened; end dates are compared with it. */
  now: number;
}

export interface TicketSelectionContext extends TicketSelectionInput {
  city: string | null;
  /** The chosen start time in ms. */
  time: number | null;
  /** Set once the choices determine one variant. */
  variantId: string | null;
}

export type TicketSelectionEvent =
  | { type: 'ticket.citySelected'; city: string }
  | { type: 'ticket.timeSelected'; time: number }
  /** The title and price choice among the variants sharing the chosen time. */
  | { type: 'ticket.variantSelected'; itemVariantId: string }
  /** Merchandise: the plain variant selector (e.g. a size). */
  | { type: 'item.variantSelected'; itemVariantId: string }
  /** The offer's availability as the server answers it now (e.g. after the member gave up a held place). */
  | { type: 'selection.availabilityUpdated'; itemVariantAvailability: Record<string, number> };

/** The selected variant of a snapshot's context, or null. */
export const selectedVariant = (context: Pick<TicketSelectionContext, 'offer' | 'variantId'>): ItemVariant | null =>
  context.offer.itemVariantList.find((v) => v.id === context.variantId) ?? null;

const variants = (context: TicketSelectionContext) => context.offer.itemVariantList;
const timesOfCity = (context: TicketSelectionContext) => timesOf(variants(context), context.city ?? '');
const variantsAtTime = (context: TicketSelectionContext) => variantsAt(variants(context), context.city ?? '', context.time ?? 0);

/**
 * Choosing what to buy on an offer page (spec 2.3, 4, 5). Tickets cascade: city, then time, then
 * (when several variants share the time) title and price; changing the city resets the time and
 * the title and clears the selection; a variant is selected as soon as the choices determine it.
 * Merchandise has a plain variant selector, starting at the offer's itemVariantIndex. A selected
 * variant is buyable, sold out (availability 0) or ended (past its end date); an offer whose
 * variants have all ended is no longer relevant.
 */
export const ticketSelectionMachine = setup({
  types: {
    context: {} as TicketSelectionContext,
    events: {} as TicketSelectionEvent,
    input: {} as TicketSelectionInput,
  },
  actions: {
    chooseCity: assign({
      city: ({ event }) => (event.type === 'ticket.citySelected' ? event.city : null),
      time: null,
      variantId: null,
    }),
    chooseTime: assign({ time: ({ event }) => (event.type === 'ticket.timeSelected' ? event.time : null), variantId: null }),
    chooseOnlyTime: assign({ time: ({ context }) => timesOfCity(context)[0] ?? null }),
    chooseOnlyVariantAtTime: assign({ variantId: ({ context }) => variantsAtTime(context)[0]?.id ?? null }),
    chooseVariant: assign({
      variantId: ({ event }) => (event.type === 'ticket.variantSelected' || event.type === 'item.variantSelected' ? event.itemVariantId : null),
    }),
    updateAvailability: assign({
      offer: ({ context, event }) =>
        event.type === 'selection.availabilityUpdated' ? { ...context.offer, itemVariantAvailability: event.itemVariantAvailability } : context.offer,
    }),
    chooseFirstItem: assign({
      variantId: ({ context }) => (variants(context)[context.offer.itemVariantIndex] ?? variants(context)[0])?.id ?? null,
    }),
  },
  guards: {
    sellsNothing: ({ context }) => variants(context).length === 0,
    allEnded: ({ context }) => offerHasEnded(context.offer, context.now),
    isTicket: ({ context }) => context.offer.itemVariantType === 'ticket',
    isKnownCity: ({ context, event }) => event.type === 'ticket.citySelected' && citiesOf(variants(context)).includes(event.city),
    isTimeOfCity: ({ context, event }) => event.type === 'ticket.timeSelected' && context.city !== null && timesOfCity(context).includes(event.time),
    isVariantAtTime: ({ context, event }) =>
      event.type === 'ticket.variantSelected' && context.time !== null && variantsAtTime(context).some((v) => v.id === event.itemVariantId),
    isKnownItem: ({ context, event }) => event.type === 'item.variantSelected' && variants(context).some((v) => v.id === event.itemVariantId),
    hasOneTime: ({ context }) => timesOfCity(context).length === 1,
    hasOneVariantAtTime: ({ context }) => variantsAtTime(context).length === 1,
    selectedHasEnded: ({ context }) => {
      const variant = selectedVariant(context);
      return variant !== null && hasEnded(variant, context.now);
    },
    selectedIsSoldOut: ({ context }) => context.variantId !== null && availableCount(context.offer, context.variantId) === 0,
  },
}).createMachine({
  id: 'ticketSelection',
  context: ({ input }) => ({ ...input, city: null, time: null, variantId: null }),
  initial: 'opening',
  states: {
    opening: {
      always: [
        { guard: 'sellsNothing', target: 'nothingToSell' },
        { guard: 'allEnded', target: 'ended' },
        { guard: 'isTicket', target: 'ticket' },
        { target: 'item' },
      ],
    },
    nothingToSell: {},
    /** 'The offer is no longer relevant'. */
    ended: { tags: ['ended'] },
    ticket: {
      initial: 'choosingCity',
      on: {
        'ticket.citySelected': { guard: 'isKnownCity', target: '.cityChosen', actions: 'chooseCity' },
        'ticket.timeSelected': { guard: 'isTimeOfCity', target: '.timeChosen', actions: 'chooseTime' },
        'ticket.variantSelected': { guard: 'isVariantAtTime', target: '.selected', actions: 'chooseVariant' },
        'selection.availabilityUpdated': { actions: 'updateAvailability' },
      },
      states: {
        choosingCity: { tags: ['needsSelection'] },
        cityChosen: { always: [{ guard: 'hasOneTime', target: 'timeChosen', actions: 'chooseOnlyTime' }, { target: 'choosingTime' }] },
        choosingTime: { tags: ['needsSelection'] },
        timeChosen: {
          always: [{ guard: 'hasOneVariantAtTime', target: 'selected', actions: 'chooseOnlyVariantAtTime' }, { target: 'choosingVariant' }],
        },
        choosingVariant: { tags: ['needsSelection'] },
        selected: {
          initial: 'checking',
          // The chosen variant is checked again against the new availability.
          on: { 'selection.availabilityUpdated': { target: 'selected', reenter: true, actions: 'updateAvailability' } },
          states: {
            checking: {
              always: [{ guard: 'selectedHasEnded', target: 'ended' }, { guard: 'selectedIsSoldOut', target: 'soldOut' }, { target: 'buyable' }],
            },
            buyable: { tags: ['buyable'] },
            /** 'Unfortunately the item for this offer are sold out.' */
            soldOut: { tags: ['soldOut'] },
            /** 'The offer is no longer relevant'. */
            ended: { tags: ['ended'] },
          },
        },
      },
    },
    item: {
      entry: 'chooseFirstItem',
      on: {
        'item.variantSelected': { guard: 'isKnownItem', target: '.selected', actions: 'chooseVariant' },
        'selection.availabilityUpdated': { target: '.selected', reenter: true, actions: 'updateAvailability' },
      },
      initial: 'selected',
      states: {
        selected: {
          initial: 'checking',
          states: {
            checking: {
              always: [{ guard: 'selectedHasEnded', target: 'ended' }, { guard: 'selectedIsSoldOut', target: 'soldOut' }, { target: 'buyable' }],
            },
            buyable: { tags: ['buyable'] },
            /** 'Unfortunately the item for this offer are sold out.' */
            soldOut: { tags: ['soldOut'] },
            /** 'The offer is no longer relevant'. */
            ended: { tags: ['ended'] },
          },
        },
      },
    },
  },
});
