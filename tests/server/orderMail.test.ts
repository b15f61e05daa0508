import { describe, expect, it } from 'vitest';
import { mailLanguageOf, orderCalendarFiles, orderConfirmationMail } from '../../server/mail/orderMail.ts';
import type { Order, OrderItem } from '../../contract/checkout.ts';

const start = Date.UTC(2026, 11, 9, 18, 0);
const item = (fields: Partial<OrderItem> & Pick<OrderItem, 'itemVariantType'>): OrderItem => ({
  itemVariantId: 'v1', offerId: 'o1', offerTitle: 'Nordlys live', offerPuffImage: { jpeg: { medium: '/x.jpg' }, webp: { medium: '/x.webp' } }, quantity: 2,
  itemVariant: {
    id: 'v1', title: 'Standing', description: '', images: [], price: { current: 34_900, original: 34_900 }, currency: 'SEK', customFeeIdList: [], taxRates: [],
    purchaseCap: null, date: { start, end: start + 3 * 3_600_000 }, location: { address: 'Hötorget 8', zipCode: '111 57', city: 'Stockholm', mapUrl: '' },
  },
  unitPrice: 34_900, linePrice: 69_800, ...fields,
});
const aurora = { name: 'Aurora', locality: { timeZone: 'Europe/Stockholm', region: 'SE' } };
const borealis = { name: 'Borealis', locality: { timeZone: 'Europe/Oslo', region: 'NO' } };
const order: Order = {
  id: 'order-1', reference: 'K7QM-42PX', createdAt: Date.UTC(2026, 10, 24, 12), paymentMethod: 'card', amount: 94_700, currency: 'SEK', additionalInfo: '', status: 'paid', ticketList: [],
  itemList: [
    item({ itemVariantType: 'ticket' }),
    item({ itemVariantType: 'other', itemVariantId: 'shirt', offerTitle: 'Tour shirt', quantity: 1, unitPrice: 24_900, linePrice: 24_900,
      itemVariant: { ...item({ itemVariantType: 'other' }).itemVariant, title: 'Size M', date: { start: null, end: null }, location: null } }),
  ],
  itemVariantCustomFeeBuildRecord: {},
  taxList: [{ taxRateId: 'vat6', percentage: 6, display_name: 'VAT 6%', amount: 3_951 }, { taxRateId: 'vat25', percentage: 25, display_name: 'VAT 25%', amount: 4_980 }],
};

describe('order mail', () => {
  it('picks the member language from Accept-Language: en, sv or nb, else English', () => {
    expect(mailLanguageOf('sv-SE,sv;q=0.9,en;q=0.8')).toBe('sv');
    expect(mailLanguageOf('nb-NO')).toBe('nb');
    expect(mailLanguageOf('no')).toBe('nb');
    expect(mailLanguageOf('de-DE,en;q=0.5')).toBe('en');
    expect(mailLanguageOf('fr')).toBe('en');
    expect(mailLanguageOf(undefined)).toBe('en');
  });

  it('writes the lines, the total with the VAT it includes per rate, and attaches one ICS file per ticket line with a date', () => {
    const mail = orderConfirmationMail(order, aurora, 'en');
    // Intl puts no-break spaces between amount and currency.
    mail.text = mail.text.replace(/[\u00a0\u202f]/g, ' ');
    expect(mail.subject).toBe('Your Aurora order');
    // The member reads the short reference, never the internal id.
    expect(mail.text).toContain('Order number: K7QM-42PX');
    expect(mail.text).not.toContain('order-1');
    // English in a Swedish brand writes amounts as the app does: 349,00 kr, and the evening at 19:00 Stockholm time.
    expect(mail.text).toContain('Number of tickets: 2 × 349,00 kr = 698,00 kr');
    expect(mail.text).toContain('Quantity: 1 × 249,00 kr');
    expect(mail.text).toContain('Date: 9 December 2026 at 19:00');
    expect(mail.text).toContain('Location: Hötorget 8, 111 57 Stockholm');
    expect(mail.text).toContain('Amount: 947,00 kr\nincl. VAT 6 %: 39,51 kr\nincl. VAT 25 %: 49,80 kr');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['nordlys-live-standing.ics']);
    expect(mail.html).toContain('<td>Nordlys live: Standing');
    const ics = orderCalendarFiles(order, 'Aurora')[0]!.content;
    expect(ics).toContain('DTSTART:20261209T180000Z');
    expect(ics).toContain('DTEND:20261209T210000Z');
    expect(ics).toContain('UID:order-1-1@klubb');
  });

  it('names each calendar file as the app names its download, letters kept; a name met twice is told apart', () => {
    const lines = [item({ itemVariantType: 'ticket', offerTitle: 'Mørketid på Göta' }), item({ itemVariantType: 'ticket', offerTitle: 'Mørketid på Göta' })];
    expect(orderCalendarFiles({ ...order, itemList: lines }, 'Aurora').map((f) => f.filename)).toEqual(['mørketid-på-göta-standing.ics', 'mørketid-på-göta-standing-2.ics']);
  });

  it('speaks Norwegian', () => {
    const mail = orderConfirmationMail(order, borealis, 'nb');
    mail.text = mail.text.replace(/[\u00a0\u202f]/g, ' ');
    expect(mail.subject).toBe('Din bestilling hos Borealis');
    expect(mail.text).toContain('Antall billetter: 2');
    expect(mail.text).toMatch(/herav mva 25 %: 49,80/);
    // Oslo keeps the same clock as Stockholm in December.
    expect(mail.text).toMatch(/Dato: 9\. desember 2026 kl\. 19:00/);
  });

  it('escapes what it puts in HTML', () => {
    const hostile = { ...order, itemList: [item({ itemVariantType: 'ticket', offerTitle: '<script>x</script>' })] };
    expect(orderConfirmationMail(hostile, { ...aurora, name: 'A&B' }, 'en').html).not.toContain('<script>');
  });
});
