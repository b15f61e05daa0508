import { Type, type Static } from 'typebox';

/** `HH:MM`, 00:00 to 23:59. */
export const ClockTime = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });

/** One day's phone support: ISO weekday (1 Monday … 7 Sunday), opening and closing time in the brand's time zone. */
export const SupportDay = Type.Object({
  day: Type.Integer({ minimum: 1, maximum: 7 }),
  opens: ClockTime,
  closes: ClockTime,
});
export type SupportDay = Static<typeof SupportDay>;

/** When customer service answers the phone (spec 9); a weekday missing from `weekly` is closed. */
export const SupportHours = Type.Object({
  /** IANA zone the times are in: the brand's (its `timeZone` setting). */
  timeZone: Type.String(),
  weekly: Type.Array(SupportDay),
  /** Exceptions in words, e.g. "Other hours on event nights."; '' when none. */
  note: Type.String(),
});
export type SupportHours = Static<typeof SupportHours>;

export const BrandContact = Type.Object({
  customerServiceText: Type.String(),
  email: Type.String(),
  /** As dialled, with country code: `+46 8 555 010 00`. */
  phone: Type.String(),
  supportHours: SupportHours,
  /** The brand's chat (spec 7 "a chat link"); null when it has none (the chat button is hidden). */
  chatUrl: Type.Union([Type.String(), Type.Null()]),
  messengerUrl: Type.Union([Type.String(), Type.Null()]),
});
export type BrandContact = Static<typeof BrandContact>;

export const FaqEntry = Type.Object({ id: Type.String(), question: Type.String(), answer: Type.String() });
export type FaqEntry = Static<typeof FaqEntry>;

export const DocumentLink = Type.Object({ label: Type.String(), url: Type.String() });

/**
 * What a brand tells its members about itself (spec 3): FAQ, About, terms and privacy, contact.
 * Texts come in the member's language (Accept-Language), else the brand's default language.
 * Bodies and answers are plain text; a blank line separates paragraphs.
 */
export const BrandContent = Type.Object({
  faq: Type.Array(FaqEntry),
  about: Type.Object({ header: Type.String(), body: Type.String() }),
  terms: DocumentLink,
  gdpr: DocumentLink,
  contact: BrandContact,
});
export type BrandContent = Static<typeof BrandContent>;

/** GET /v1/get/brand/content: public like the brand itself, found from the app URL. */
export const BrandContentQuery = Type.Object({ appUrl: Type.String({ minLength: 1, maxLength: 2048 }) });
