import { parse } from 'csv-parse/sync';

export interface ImportedCode {
  code: string;
  /** Not handed out from this moment on; null for no expiry. */
  expiresAt: Date | null;
}

export interface CodesFile {
  codes: ImportedCode[];
  /** A code that appears again in the file; the first one counts. */
  duplicates: { line: number; code: string; firstLine: number }[];
  /** Lines that cannot be imported; a file with any is not imported at all. */
  problems: { line: number; message: string }[];
}

/** Printable, no whitespace, at most 100 characters: a code a member can type and copy. */
const codePattern = /^[\x21-\x7E\u00A0-\uFFFF]{1,100}$/u;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const dateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A date (valid through that day, UTC) or an ISO date-time with its offset; null when empty.
 * Throws on anything else, so a typo never becomes "no expiry".
 */
export function parseExpiry(text: string): Date | null {
  if (text === '') return null;
  const date = datePattern.test(text) ? new Date(`${text}T00:00:00Z`) : dateTimePattern.test(text) ? new Date(text) : null;
  if (!date || Number.isNaN(date.getTime())) throw new Error(`"${text}" is not a date (YYYY-MM-DD) or an ISO date-time with offset`);
  // A bare date must exist as written (no 2026-02-30 rolling over into March).
  if (datePattern.test(text)) {
    if (date.toISOString().slice(0, 10) !== text) throw new Error(`"${text}" is not a date of the calendar`);
    return new Date(date.getTime() + 24 * 60 * 60 * 1000);
  }
  return date;
}

/**
 * A codes file: one code per line, optionally a second column with its expiry; an optional
 * header line (code,expires_at); blank lines ignored.
 */
export function parseCodesFile(text: string): CodesFile {
  const result: CodesFile = { codes: [], duplicates: [], problems: [] };
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { relax_column_count: true, skip_empty_lines: true, trim: true, info: true, bom: true }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 0;
    return { ...result, problems: [{ line, message: (error as Error).message }] };
  }
  const firstLine = new Map<string, number>();
  records.forEach(({ record, info }, index) => {
    const line = info.lines;
    const [code = '', expiry = '', ...rest] = record;
    if (index === 0 && /^code$/i.test(code)) return;
    if (rest.some((field) => field !== '')) return void result.problems.push({ line, message: 'more than two columns (code, expiry)' });
    if (!codePattern.test(code)) return void result.problems.push({ line, message: `"${code}" is not a code (1 to 100 visible characters, no spaces)` });
    let expiresAt: Date | null;
    try {
      expiresAt = parseExpiry(expiry);
    } catch (error) {
      return void result.problems.push({ line, message: (error as Error).message });
    }
    const first = firstLine.get(code);
    if (first !== undefined) return void result.duplicates.push({ line, code, firstLine: first });
    firstLine.set(code, line);
    result.codes.push({ code, expiresAt });
  });
  return result;
}

/** A common code given on the command line, held to the same rule as the file's codes. */
export function isValidCode(code: string): boolean {
  return codePattern.test(code);
}
