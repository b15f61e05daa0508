import type { Database } from '../db/database.ts';
import { importPromoCodes, OfferNotFoundError, type PromoImportResult } from '../repositories/promoImport.repository.ts';
import { isValidCode, parseExpiry, type ImportedCode } from './codesFile.ts';

/** An import as the operator's command sends it: codes with their expiry as written in the file. */
export interface CodesImport {
  brandId: string;
  offerId: string;
  codes: { code: string; expiresAt: string | null }[];
  commonCode?: string;
  claimCap?: number;
}

export type CodesImportOutcome =
  | { kind: 'imported'; result: PromoImportResult }
  | { kind: 'invalidCode'; code: string }
  | { kind: 'invalidExpiry'; message: string }
  | { kind: 'offerNotFound'; message: string };

/** Checks every code and expiry first, then adds them all in one transaction, or none. */
export async function importCodes({ db, now }: { db: Database; now: () => number }, { codes, commonCode, ...rest }: CodesImport): Promise<CodesImportOutcome> {
  if (commonCode !== undefined && !isValidCode(commonCode)) return { kind: 'invalidCode', code: commonCode };
  const parsed: ImportedCode[] = [];
  for (const c of codes) {
    if (!isValidCode(c.code)) return { kind: 'invalidCode', code: c.code };
    try {
      parsed.push({ code: c.code, expiresAt: c.expiresAt === null ? null : parseExpiry(c.expiresAt) });
    } catch (error) {
      return { kind: 'invalidExpiry', message: (error as Error).message };
    }
  }
  try {
    return { kind: 'imported', result: await db.transaction((tx) => importPromoCodes(tx, { ...rest, codes: parsed, commonCode }, new Date(now()))) };
  } catch (error) {
    if (error instanceof OfferNotFoundError) return { kind: 'offerNotFound', message: error.message };
    throw error;
  }
}
