import { localityOf } from '../../domain/format.ts';
import { isLanguage, type Language } from '../../domain/language.ts';
import type { Executor } from '../db/database.ts';
import type { MailBrand } from '../mail/mail.ts';
import { findBrandById } from '../repositories/brands.repository.ts';

/** The brand as its mails name it, with the time zone and conventions they are written in. */
export async function mailBrandOf(tx: Executor, brandId: string): Promise<MailBrand> {
  const brand = await findBrandById(tx, brandId);
  return { name: brand?.name ?? brandId, locality: localityOf(brand?.settings ?? {}) };
}

/** A stored language, or English. */
export const mailLanguage = (value: string): Language => (isLanguage(value) ? value : 'en');
