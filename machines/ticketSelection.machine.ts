import { assign, enqueueActions, setup } from 'xstate';
import type { ItemVariant } from '../contract/commerce.ts';
import {
  availableCount,
  citiesOf,
  hasEnded,
  offerHasEnded,
  timesOf,
  variantsAt,
  type SellingOffer,
} from '../domain/ticketCascade.ts';

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
  | { type: 'selection.availabilityUpdated'; itemVariantAvailability: Record<string, number> }
  /** The same offer read again in the language the app shows now: its names change, the member's choice stays. */
  | { type: 'selection.offerTranslated'; offer: SellingOffer };

/** Where the member is in choosing: which picker to show, and whether the choice can be bought. */
export type SelectionStatus = 'nothingToSell' | 'needsSelection' | 'buyable' | 'soldOut' | 'ended';

/**
 * What the selection tells its parent (the offer page) whenever the choice settles: the variant
 * chosen (null until the choices determine one) and where the choice stands.
 */
export interface SelectionChanged {
  type: 'selection.changed';
  itemVariantId: string | null;
  status: SelectionStatus;
}

/** The selected variant of a snapshot's context, or null. */
export const selectedVariant = (context: Pick<TicketSelectionContext, 'offer' | 'variantId'>): ItemVariant | null =>
  context.offer.itemVariantList.find((v) => v.id === context.variantId) ?? null;

const variants = (context: TicketSelectionContext) => context.offer.itemVariantList;
const timesOfCity = (context: TicketSelectionContext) => timesOf(variants(context), context.city ?? '');
const variantsAtTime = (context: TicketSelectionContext) => variantsAt(variants(context), context.city ?? '', context.time ?? 0);
/** The event itself as a guard's or action's params: each reads only the fields its transition's event has. */
const eventParams = <E>({ event }: { event: E }) => event;
const report = (status: SelectionStatus) => ({ type: 'report', params: { status } }) as const;

/**
 * Choosing what to buy on an offer page (spec 2.3, 4, 5). Tickets cascade: city, then time, then
 * (when several variants share the time) title and price; changing the city resets the time and
 * the title and clears the selection; a variant is selected as soon as the choices determine it.
 * Merchandise has a plain variant selector, starting at the offer's itemVariantIndex. A selected
 * variant is buyable, sold out (availability 0) or ended (past its end date); an offer whose
 * variants have all ended is no longer relevant. Each settled choice is told to the parent
 * (`selection.changed`), which keeps its own copy instead of reading this actor's snapshot.
 */
export const ticketSelectionMachine = setup({
  types: {
    context: {} as TicketSelectionContext,
    events: {} as TicketSelectionEvent,
    input: {} as TicketSelectionInput,
  },
  actions: {
    chooseCity: assign((_, { city }: { city: string }) => ({ city, time: null, variantId: null })),
    chooseTime: assign((_, { time }: { time: number }) => ({ time, variantId: null })),
    chooseOnlyTime: assign({ time: ({ context }) => timesOfCity(context)[0] ?? null }),
    chooseOnlyVariantAtTime: assign({ variantId: ({ context }) => variantsAtTime(context)[0]?.id ?? null }),
    chooseVariant: assign((_, { itemVariantId }: { itemVariantId: string }) => ({ variantId: itemVariantId })),
    replaceOffer: assign((_, { offer }: { offer: SellingOffer }) => ({ offer })),
    updateAvailability: assign(({ context }, { itemVariantAvailability }: { itemVariantAvailability: Record<string, number> }) => ({
      offer: { ...context.offer, itemVariantAvailability },
    })),
    chooseFirstItem: assign({
      variantId: ({ context }) => (variants(context)[context.offer.itemVariantIndex] ?? variants(context)[0])?.id ?? null,
    }),
    /** Tells the parent the settled choice; a selection run alone (in its own tests) has no one to tell. */
    report: enqueueActions(({ context, self, enqueue }, { status }: { status: SelectionStatus }) => {
      if (self._parent) enqueue.sendParent({ type: 'selection.changed', itemVariantId: context.variantId, status } satisfies SelectionChanged);
    }),
  },
  guards: {
    sellsNothing: ({ context }) => variants(context).length === 0,
    allEnded: ({ context }) => offerHasEnded(context.offer, context.now),
    isTicket: ({ context }) => context.offer.itemVariantType === 'ticket',
    isKnownCity: ({ context }, { city }: { city: string }) => citiesOf(variants(context)).includes(city),
    isTimeOfCity: ({ context }, { time }: { time: number }) => context.city !== null && timesOfCity(context).includes(time),
    isVariantAtTime: ({ context }, { itemVariantId }: { itemVariantId: string }) =>
      context.time !== null && variantsAtTime(context).some((v) => v.id === itemVariantId),
    isKnownItem: ({ context }, { itemVariantId }: { itemVariantId: string }) => variants(context).some((v) => v.id === itemVariantId),
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
  on: { 'selection.offerTranslated': { actions: { type: 'replaceOffer', params: eventParams } } },
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
    nothingToSell: { entry: report('nothingToSell') },
    /** 'The offer is no longer relevant'. */
    ended: { tags: ['ended'], entry: report('ended') },
    ticket: {
      initial: 'choosingCity',
      on: {
        'ticket.citySelected': {
          guard: { type: 'isKnownCity', params: eventParams },
          target: '.cityChosen',
          actions: { type: 'chooseCity', params: eventParams },
        },
        'ticket.timeSelected': {
          guard: { type: 'isTimeOfCity', params: eventParams },
          target: '.timeChosen',
          actions: { type: 'chooseTime', params: eventParams },
        },
        'ticket.variantSelected': {
          guard: { type: 'isVariantAtTime', params: eventParams },
          target: '.selected',
          actions: { type: 'chooseVariant', params: eventParams },
        },
        'selection.availabilityUpdated': { actions: { type: 'updateAvailability', params: eventParams } },
      },
      states: {
        choosingCity: { tags: ['needsSelection'], entry: report('needsSelection') },
        cityChosen: { always: [{ guard: 'hasOneTime', target: 'timeChosen', actions: 'chooseOnlyTime' }, { target: 'choosingTime' }] },
        choosingTime: { tags: ['needsSelection'], entry: report('needsSelection') },
        timeChosen: {
          always: [{ guard: 'hasOneVariantAtTime', target: 'selected', actions: 'chooseOnlyVariantAtTime' }, { target: 'choosingVariant' }],
        },
        choosingVariant: { tags: ['needsSelection'], entry: report('needsSelection') },
        selected: {
          initial: 'checking',
          // The chosen variant is checked again against the new availability.
          on: { 'selection.availabilityUpdated': { target: 'selected', reenter: true, actions: { type: 'updateAvailability', params: eventParams } } },
          states: {
            checking: {
              always: [{ guard: 'selectedHasEnded', target: 'ended' }, { guard: 'selectedIsSoldOut', target: 'soldOut' }, { target: 'buyable' }],
            },
            buyable: { tags: ['buyable'], entry: report('buyable') },
            /** 'Unfortunately the item for this offer are sold out.' */
            soldOut: { tags: ['soldOut'], entry: report('soldOut') },
            /** 'The offer is no longer relevant'. */
            ended: { tags: ['ended'], entry: report('ended') },
          },
        },
      },
    },
    item: {
      entry: 'chooseFirstItem',
      on: {
        'item.variantSelected': {
          guard: { type: 'isKnownItem', params: eventParams },
          target: '.selected',
          actions: { type: 'chooseVariant', params: eventParams },
        },
        'selection.availabilityUpdated': { target: '.selected', reenter: true, actions: { type: 'updateAvailability', params: eventParams } },
      },
      initial: 'selected',
      states: {
        selected: {
          initial: 'checking',
          states: {
            checking: {
              always: [{ guard: 'selectedHasEnded', target: 'ended' }, { guard: 'selectedIsSoldOut', target: 'soldOut' }, { target: 'buyable' }],
            },
            buyable: { tags: ['buyable'], entry: report('buyable') },
            /** 'Unfortunately the item for this offer are sold out.' */
            soldOut: { tags: ['soldOut'], entry: report('soldOut') },
            /** 'The offer is no longer relevant'. */
            ended: { tags: ['ended'], entry: report('ended') },
          },
        },
      },
    },
  },
});
