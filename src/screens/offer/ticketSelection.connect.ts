import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { selectedVariant, type SelectionStatus, type ticketSelectionMachine } from '../../../machines/ticketSelection.machine.ts';
import type { ItemVariant } from '../../../contract/commerce.ts';
import { unitOriginalPrice, unitPrice } from '../../../domain/cartPrices.ts';
import { availableCount, citiesOf, mediaOf, timesOf, variantsAt } from '../../../domain/ticketCascade.ts';
import type { OfferDetail } from '../../../contract/offer.ts';

export type TicketSelectionRef = ActorRefFrom<typeof ticketSelectionMachine>;
type Snapshot = SnapshotFrom<typeof ticketSelectionMachine>;

export type { SelectionStatus };

export interface VariantOption {
  id: string;
  title: string;
  /** One unit with its custom fees (spec 9), and the same at original prices. */
  price: number;
  originalPrice: number;
  currency: string;
  available: number;
}

function statusOf(snapshot: Snapshot): SelectionStatus {
  if (snapshot.hasTag('ended')) return 'ended';
  if (snapshot.hasTag('soldOut')) return 'soldOut';
  if (snapshot.hasTag('buyable')) return 'buyable';
  if (snapshot.hasTag('needsSelection')) return 'needsSelection';
  return 'nothingToSell';
}

const optionOf = (offer: Pick<OfferDetail, 'itemVariantCustomFeeBuildRecord' | 'itemVariantAvailability'>, v: ItemVariant): VariantOption => ({
  id: v.id,
  title: v.title,
  price: unitPrice(v, offer.itemVariantCustomFeeBuildRecord),
  originalPrice: unitOriginalPrice(v, offer.itemVariantCustomFeeBuildRecord),
  currency: v.currency,
  available: availableCount(offer, v.id),
});

/** The ticket cascade's and variant selector's view values (spec 2.3, 4) and intents. */
export function connectTicketSelection(snapshot: Snapshot, ref: TicketSelectionRef, offer: OfferDetail) {
  const { city, time, variantId } = snapshot.context;
  const variants = offer.itemVariantList;
  const variant = selectedVariant(snapshot.context);
  return {
    kind: offer.itemVariantType,
    status: statusOf(snapshot),
    /** Tickets: the cascade, each level shown once the one before is chosen. */
    cities: snapshot.matches('ticket') ? citiesOf(variants) : [],
    city,
    times: city !== null ? timesOf(variants, city) : [],
    time,
    ticketOptions: city !== null && time !== null ? variantsAt(variants, city, time).map((v) => optionOf(offer, v)) : [],
    /** Merchandise: every variant (e.g. each size). */
    itemOptions: snapshot.matches('item') ? variants.map((v) => optionOf(offer, v)) : [],
    variantId,
    selected: variant ? optionOf(offer, variant) : null,
    selectedVariant: variant,
    /** Spec 2.3: the media at the top follows the selected variant. */
    media: mediaOf(offer, variant),
    selectCity: (value: string) => ref.send({ type: 'ticket.citySelected', city: value }),
    selectTime: (value: number) => ref.send({ type: 'ticket.timeSelected', time: value }),
    selectTicket: (id: string) => ref.send({ type: 'ticket.variantSelected', itemVariantId: id }),
    selectItem: (id: string) => ref.send({ type: 'item.variantSelected', itemVariantId: id }),
  };
}

export type TicketSelectionView = ReturnType<typeof connectTicketSelection>;
