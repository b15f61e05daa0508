import type { Order } from '../../contract/checkout.ts';

const image = { jpeg: { medium: '/a.jpg' }, webp: { medium: '/a.webp' } };
/** The evening the fixture orders' tickets are for. */
export const evening = Date.parse('2026-12-09T18:00:00Z');

/**
 * A paid card order of two standing tickets to Mørketid live on `evening`, known to the member
 * by its short reference `reference`; its id is an internal UUID.
 */
export function order(reference: string, createdAt: string, overrides: Partial<Order> = {}): Order {
  const id = reference;
  return {
    id: `5f0c2a9e-7d41-4c3b-9a2e-${reference.padStart(12, '0')}`,
    reference,
    createdAt: Date.parse(createdAt),
    paymentMethod: 'card',
    amount: 84_000,
    currency: 'SEK',
    itemList: [
      {
        itemVariantId: `${id}-v`,
        offerId: 'aurora-live-001',
        offerTitle: 'Mørketid live',
        offerPuffImage: image,
        itemVariantType: 'ticket',
        quantity: 2,
        unitPrice: 42_000,
        linePrice: 84_000,
        itemVariant: {
          id: `${id}-v`, title: 'Standing', description: '', images: [], price: { current: 39_500, original: 39_500 }, currency: 'SEK',
          customFeeIdList: ['service-fee'], taxRates: [], purchaseCap: 8, date: { start: evening, end: evening + 3 * 3600_000 },
          location: { address: 'Hötorget 8', zipCode: '111 57', city: 'Stockholm', mapUrl: 'https://maps.example/konserthuset' },
        },
      },
    ],
    itemVariantCustomFeeBuildRecord: {},
    taxList: [
      { taxRateId: 'vat-6', percentage: 6, display_name: 'VAT 6%', amount: 4_472 },
      { taxRateId: 'vat-25', percentage: 25, display_name: 'VAT 25%', amount: 1_000 },
    ],
    additionalInfo: '',
    status: 'paid',
    ticketList: [],
    ...overrides,
  };
}
