import qrcode from 'qrcode-generator';
import type { Order, OrderItem } from '../../contract/checkout.ts';
import { calendarFileName } from '../../domain/fileName.ts';
import { unitCustomFeePrice } from '../../domain/cartPrices.ts';
import { formatDateTime, formatDay, formatMoney, formatPercent } from '../../domain/format.ts';
import { languageOf, type Language } from '../../domain/language.ts';
import { calendarFile } from './calendar.ts';
import { escapeHtml, type MailAttachment, type MailBrand } from './mail.ts';

/** The languages the product speaks (spec 9): English, Swedish and the Norwegian set. */
export type MailLanguage = Language;

/**
 * The member's language from the request's `Accept-Language` (the app sends its chosen
 * language; a browser its own): the first of en, sv, nb (or no/nn as nb) it names, else English.
 */
export const mailLanguageOf = (acceptLanguage: string | undefined): MailLanguage => languageOf(acceptLanguage);

const texts = {
  en: {
    subject: (brand: string) => `Your ${brand} order`,
    thanks: 'Thank you for your order. This is your receipt.',
    orderId: 'Order number',
    purchaseDay: 'Purchase day',
    paymentMethod: 'Payment method',
    card: 'Card payment',
    tickets: 'Number of tickets',
    quantity: 'Quantity',
    date: 'Date',
    location: 'Location',
    amount: 'Amount',
    fees: 'Fees (included)',
    vat: (rate: string) => `incl. VAT ${rate}`,
    calendar: 'The events are attached as calendar files.',
    ticket: (n: number, of: number, what: string) => `Ticket ${n} of ${of}: ${what}`,
    showAtDoor: 'Show the QR code of each ticket at the door.',
    cancelSubject: (brand: string, id: string) => `Your ${brand} order ${id} is cancelled`,
    cancelText:
      'Your order has been cancelled and its tickets are no longer valid. We have refunded the whole amount to your card; it shows on your account within a few days.',
    refundedSubject: (brand: string, id: string) => `Your ${brand} order ${id} is refunded`,
    refundedText:
      'The payment for this order has been refunded, so the order and its tickets are no longer valid. The amount shows on your card\'s account within a few days.',
    refundSubject: (brand: string) => `Your ${brand} payment is refunded`,
    refundText:
      'Your payment went through after your reservation had run out, and the tickets or items were sold meanwhile. We have refunded the whole amount to your card; it shows on your account within a few days.',
  },
  sv: {
    subject: (brand: string) => `Din beställning hos ${brand}`,
    thanks: 'Tack för din beställning. Här är ditt kvitto.',
    orderId: 'Ordernummer',
    purchaseDay: 'Köpdag',
    paymentMethod: 'Betalningssätt',
    card: 'Kortbetalning',
    tickets: 'Antal biljetter',
    quantity: 'Antal',
    date: 'Datum',
    location: 'Plats',
    amount: 'Belopp',
    fees: 'Avgifter (ingår)',
    vat: (rate: string) => `varav moms ${rate}`,
    calendar: 'Evenemangen finns bifogade som kalenderfiler.',
    ticket: (n: number, of: number, what: string) => `Biljett ${n} av ${of}: ${what}`,
    showAtDoor: 'Visa varje biljetts QR-kod vid entrén.',
    cancelSubject: (brand: string, id: string) => `Din beställning ${id} hos ${brand} är avbokad`,
    cancelText:
      'Din beställning har avbokats och biljetterna gäller inte längre. Vi har återbetalat hela beloppet till ditt kort; det syns på ditt konto inom några dagar.',
    refundedSubject: (brand: string, id: string) => `Din beställning ${id} hos ${brand} är återbetald`,
    refundedText:
      'Betalningen för den här beställningen har återbetalats, så beställningen och dess biljetter gäller inte längre. Beloppet syns på ditt konto inom några dagar.',
    refundSubject: (brand: string) => `Din betalning till ${brand} är återbetald`,
    refundText:
      'Din betalning gick igenom efter att din reservation hade gått ut, och biljetterna eller varorna hann säljas under tiden. Vi har återbetalat hela beloppet till ditt kort; det syns på ditt konto inom några dagar.',
  },
  nb: {
    subject: (brand: string) => `Din bestilling hos ${brand}`,
    thanks: 'Takk for bestillingen. Her er kvitteringen din.',
    orderId: 'Ordrenummer',
    purchaseDay: 'Kjøpsdato',
    paymentMethod: 'Betalingsmåte',
    card: 'Kortbetaling',
    tickets: 'Antall billetter',
    quantity: 'Antall',
    date: 'Dato',
    location: 'Sted',
    amount: 'Beløp',
    fees: 'Gebyrer (inkludert)',
    vat: (rate: string) => `herav mva ${rate}`,
    calendar: 'Arrangementene er vedlagt som kalenderfiler.',
    ticket: (n: number, of: number, what: string) => `Billett ${n} av ${of}: ${what}`,
    showAtDoor: 'Vis QR-koden til hver billett ved inngangen.',
    cancelSubject: (brand: string, id: string) => `Bestillingen din ${id} hos ${brand} er kansellert`,
    cancelText:
      'Bestillingen din er kansellert, og billettene gjelder ikke lenger. Vi har refundert hele beløpet til kortet ditt; det vises på kontoen din innen noen dager.',
    refundedSubject: (brand: string, id: string) => `Bestillingen din ${id} hos ${brand} er refundert`,
    refundedText:
      'Betalingen for denne bestillingen er refundert, så bestillingen og billettene gjelder ikke lenger. Beløpet vises på kontoen din innen noen dager.',
    refundSubject: (brand: string) => `Betalingen din til ${brand} er refundert`,
    refundText:
      'Betalingen din gikk gjennom etter at reservasjonen din hadde utløpt, og billettene eller varene ble solgt i mellomtiden. Vi har refundert hele beløpet til kortet ditt; det vises på kontoen din innen noen dager.',
  },
} satisfies Record<Language, unknown>;

const money = (brand: MailBrand, language: MailLanguage, amount: number, currency: string) => formatMoney(amount, currency, language, brand.locality);
const dateTime = (brand: MailBrand, language: MailLanguage, ms: number) => formatDateTime(ms, language, brand.locality);
const day = (brand: MailBrand, language: MailLanguage, ms: number) => formatDay(ms, language, brand.locality);
/** What the member reads as the order number: the short reference (the id before references existed). */
const orderNumber = (order: Order) => order.reference ?? order.id;

/** The custom fees the order's total contains (checkout's 'Fees (included)'). */
const feesOf = (order: Order) =>
  order.itemList.reduce((sum, item) => sum + unitCustomFeePrice(item.itemVariant, order.itemVariantCustomFeeBuildRecord) * item.quantity, 0);

const placeOf = (item: OrderItem) => {
  const l = item.itemVariant.location;
  return l ? [l.address, [l.zipCode, l.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '';
};

/** One calendar file per ticket line with a date (spec 3, calendar event: name, description, location, start, end). */
export function orderCalendarFiles(order: Order, brandName: string): MailAttachment[] {
  const named = new Set<string>();
  return order.itemList.flatMap((item, i) => {
    const { start, end } = item.itemVariant.date;
    if (item.itemVariantType !== 'ticket' || start === null) return [];
    const title = `${item.offerTitle}: ${item.itemVariant.title}`;
    // Named as the app names the download (letters kept: "mørketid-live-standing.ics"); a name met twice gets the line number.
    const name = calendarFileName(title);
    const filename = named.has(name) ? name.replace(/\.ics$/, `-${i + 1}.ics`) : name;
    const file = calendarFile(
      {
        uid: `${order.id}-${i + 1}@klubb`,
        productId: `klubb/${brandName}`,
        title,
        description: `${brandName} · ${item.quantity} × ${item.itemVariant.title}`,
        location: placeOf(item),
        start,
        end: end !== null && end > start ? end : start + 3 * 3_600_000,
      },
      filename,
    );
    if (!file) return [];
    named.add(filename);
    return [file];
  });
}

/** A ticket code as a QR image (GIF, base64), for mail. */
export function ticketQrGif(code: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(code, 'Byte');
  qr.make();
  return qr.createDataURL(4, 4).replace(/^data:image\/gif;base64,/, '');
}

/** Each ticket's QR code as an inline image of the mail, with the text that labels it. */
function ticketImages(order: Order, language: MailLanguage) {
  const t = texts[language];
  return order.ticketList.map((ticket) => {
    const item = order.itemList[ticket.lineNo - 1]!;
    const label = t.ticket(ticket.unitNo, item.quantity, `${item.offerTitle}: ${item.itemVariant.title}`);
    const contentId = `ticket-${ticket.lineNo}-${ticket.unitNo}@klubb`;
    const attachment: MailAttachment = {
      filename: `ticket-${ticket.lineNo}-${ticket.unitNo}.gif`,
      contentType: 'image/gif',
      content: ticketQrGif(ticket.code),
      encoding: 'base64',
      contentId,
    };
    return { ticket, label, attachment, contentId };
  });
}

/** The order confirmation (spec 1: sent by e-mail): lines, VAT, total, each ticket's QR code, and the events as ICS files. */
export function orderConfirmationMail(order: Order, brand: MailBrand, language: MailLanguage) {
  const t = texts[language];
  const brandName = brand.name;
  const m = (amount: number) => money(brand, language, amount, order.currency);
  const lineTexts = order.itemList.map((item) => {
    const when = item.itemVariant.date.start !== null ? `\n  ${t.date}: ${dateTime(brand, language, item.itemVariant.date.start)}` : '';
    const where = placeOf(item) ? `\n  ${t.location}: ${placeOf(item)}` : '';
    const count = item.itemVariantType === 'ticket' ? t.tickets : t.quantity;
    return `${item.offerTitle}: ${item.itemVariant.title}\n  ${count}: ${item.quantity} × ${m(item.unitPrice)} = ${m(item.linePrice)}${when}${where}`;
  });
  // The fees and VAT the total contains (prices include both), worded as checkout words them, so
  // neither reads as added to it.
  const fees = feesOf(order);
  const vatLines = [
    ...(fees > 0 ? [`${t.fees}: ${m(fees)}`] : []),
    ...order.taxList.map((tax) => `${t.vat(formatPercent(tax.percentage, language, brand.locality))}: ${m(tax.amount)}`),
  ];
  const attachments = orderCalendarFiles(order, brandName);
  const images = ticketImages(order, language);
  const header = [`${t.orderId}: ${orderNumber(order)}`, `${t.purchaseDay}: ${day(brand, language, order.createdAt)}`, `${t.paymentMethod}: ${t.card}`];
  const text = [
    t.thanks,
    '',
    ...header,
    '',
    ...lineTexts.flatMap((l) => [l, '']),
    `${t.amount}: ${m(order.amount)}`,
    ...vatLines,
    ...(images.length > 0 ? ['', t.showAtDoor, ...images.map((i) => `${i.label}\n  ${i.ticket.code}`)] : []),
    ...(attachments.length > 0 ? ['', t.calendar] : []),
  ].join('\n');
  const html = `<p>${escapeHtml(t.thanks)}</p>
<p>${header.map(escapeHtml).join('<br>')}</p>
<table>${order.itemList
    .map((item) => {
      const when = item.itemVariant.date.start !== null ? `<br>${escapeHtml(dateTime(brand, language, item.itemVariant.date.start))}` : '';
      const where = placeOf(item) ? `<br>${escapeHtml(placeOf(item))}` : '';
      return `<tr><td>${escapeHtml(`${item.offerTitle}: ${item.itemVariant.title}`)}${when}${where}</td><td>${item.quantity} × ${escapeHtml(m(item.unitPrice))}</td><td>${escapeHtml(m(item.linePrice))}</td></tr>`;
    })
    .join('')}</table>
<p><strong>${escapeHtml(`${t.amount}: ${m(order.amount)}`)}</strong><br>${vatLines.map(escapeHtml).join('<br>')}</p>${
    images.length > 0
      ? `\n<p>${escapeHtml(t.showAtDoor)}</p>\n${images
          .map((i) => `<figure><img src="cid:${i.contentId}" alt="${escapeHtml(i.label)}" width="240" height="240"><figcaption>${escapeHtml(i.label)}</figcaption></figure>`)
          .join('\n')}`
      : ''
  }${
    attachments.length > 0 ? `\n<p>${escapeHtml(t.calendar)}</p>` : ''
  }`;
  return { subject: t.subject(brandName), text, html, attachments: [...images.map((i) => i.attachment), ...attachments] };
}

/** The mail of a payment that could not become an order and was refunded. */
export function refundMail(session: { amountTotal: number; currency: string; lines: OrderItem[] }, brand: MailBrand, language: MailLanguage) {
  const t = texts[language];
  const brandName = brand.name;
  const lines = session.lines.map((item) => `${item.offerTitle}: ${item.itemVariant.title} (${item.quantity})`);
  const amount = `${t.amount}: ${money(brand, language, session.amountTotal, session.currency)}`;
  return {
    subject: t.refundSubject(brandName),
    text: [t.refundText, '', ...lines, '', amount].join('\n'),
    html: `<p>${escapeHtml(t.refundText)}</p><p>${lines.map(escapeHtml).join('<br>')}</p><p><strong>${escapeHtml(amount)}</strong></p>`,
  };
}

/** The mail of an order cancelled by the operator, or refunded at the payment provider (tickets void either way). */
export function cancellationMail(order: Order, brand: MailBrand, language: MailLanguage) {
  const t = texts[language];
  const brandName = brand.name;
  const lines = order.itemList.map((item) => `${item.offerTitle}: ${item.itemVariant.title} (${item.quantity})`);
  const amount = `${t.amount}: ${money(brand, language, order.amount, order.currency)}`;
  const id = `${t.orderId}: ${orderNumber(order)}`;
  // Refunded at the provider (not by us): the mail says so rather than that we cancelled it.
  const refunded = order.status === 'refunded';
  const message = refunded ? t.refundedText : t.cancelText;
  return {
    subject: (refunded ? t.refundedSubject : t.cancelSubject)(brandName, orderNumber(order)),
    text: [message, '', id, ...lines, '', amount].join('\n'),
    html: `<p>${escapeHtml(message)}</p><p>${[id, ...lines].map(escapeHtml).join('<br>')}</p><p><strong>${escapeHtml(amount)}</strong></p>`,
  };
}
