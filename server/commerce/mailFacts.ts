import { localityOf } from '../../domain/format.ts';
import { isLanguage, type Language } from '../../domain/language.ts';
import type { Executor } from '../db/database.ts';
import type { TextLanguages } from '../language.ts';
import type { MailBrand } from '../mail/mail.ts';
import { findBrandById } from '../repositories/brands.repository.ts';
import { findUserLanguage } from '../repositories/users.repository.ts';

/** The brand as its mails name it, with the time zone and conventions they are written in. */
export async function mailBrandOf(tx: Executor, brandId: string): Promise<MailBrand> {
  const brand = await findBrandById(tx, brandId);
  return { name: brand?.name ?? brandId, locality: localityOf(brand?.settings ?? {}) };
}

/** A stored language, or English. */
const mailLanguage = (value: string | null | undefined): Language => (isLanguage(value) ? value : 'en');

/**
 * The language of a mail to a member, read as the mail is written: the one they chose in the app
 * (so a member who switches to Norwegian after buying gets the cancellation in Norwegian), else
 * the app's language when they did what the mail tells of (`recorded`: the Accept-Language kept
 * with the checkout or the waiting-list entry, or that of the request), else English.
 */
export async function memberMailLanguage(db: Executor, brandId: string, userId: string, recorded: string | null | undefined): Promise<Language> {
  return (await findUserLanguage(db, brandId, userId)) ?? mailLanguage(recorded);
}

/** A mail's brand texts (offer and variant names) in the member's mail language; English where it has none. */
export const mailTextLanguages = (language: Language): TextLanguages => ({ language, fallback: 'en' });
