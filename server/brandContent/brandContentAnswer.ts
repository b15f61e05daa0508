import type { BrandContent } from '../../contract/brandContent.ts';
import type { StoredBrandContent } from '../db/schema/brandContent.ts';
import { textIn, type TextLanguages } from '../language.ts';
import type { BrandRow } from '../repositories/brands.repository.ts';

/** The zone support hours are told in when the brand names none (as its event times). */
const defaultTimeZone = 'Europe/Stockholm';

/** What a brand that has written nothing yet says: no FAQ, no About, its e-mail and documents. */
const emptyContent: StoredBrandContent = {
  faq: [],
  about: { header: {}, body: {} },
  contact: { customerServiceText: {}, phone: '', supportHours: { weekly: [], note: {} }, chatUrl: null, messengerUrl: null },
};

/** The brand's content with its texts in the member's language, else the brand's. */
export function toBrandContent(brand: BrandRow, stored: StoredBrandContent | null, languages: TextLanguages): BrandContent {
  const { faq, about, contact } = stored ?? emptyContent;
  const { terms, gdpr } = brand.settings;
  return {
    faq: faq.map((entry) => ({ id: entry.id, question: textIn(entry.question, languages), answer: textIn(entry.answer, languages) })),
    about: { header: textIn(about.header, languages), body: textIn(about.body, languages) },
    terms: { label: textIn(terms.label, languages), url: terms.url },
    gdpr: { label: textIn(gdpr.label, languages), url: gdpr.url },
    contact: {
      customerServiceText: textIn(contact.customerServiceText, languages),
      email: brand.contactEmail,
      phone: contact.phone,
      supportHours: {
        timeZone: brand.settings.timeZone ?? defaultTimeZone,
        weekly: contact.supportHours.weekly.map(({ day, opens, closes }) => ({ day, opens, closes })),
        note: textIn(contact.supportHours.note, languages),
      },
      chatUrl: contact.chatUrl,
      messengerUrl: contact.messengerUrl,
    },
  };
}
