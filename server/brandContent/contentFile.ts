import { createHash } from 'node:crypto';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { languages } from '../../domain/language.ts';
import { isValidPhoneNumber } from '../../domain/phone.ts';
import { isValidEmail } from '../../domain/validation.ts';
import type { BrandText } from '../db/schema/brands.ts';
import type { BrandContentWrite } from '../repositories/brandContent.repository.ts';
import {
  brandText,
  fileRules,
  isDocumentUrl,
  isHttpsUrl,
  isRecord,
  localized,
  parseJson,
  refusedText,
  schemaProblems,
  type FileProblem,
  type ParsedFile,
} from '../operatorFiles/fileProblems.ts';

/*
 * The file an operator gives `npm run brand:content` (and POST /admin/brand/content): a brand's
 * FAQ, About, terms and privacy links and contact details, every text per language
 * (docs/brand-content.md). It is checked whole, and every problem is named by its JSON path.
 */

const Link = Type.Union([Type.String({ minLength: 1, maxLength: 2048 }), Type.Null()], { problem: 'must be an https address, or null for none' });
const Clock = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', problem: 'must be a time HH:MM, 00:00 to 23:59' });

const DocumentLink = Type.Object({ label: brandText(200), url: Type.String({ minLength: 1, maxLength: 2048 }) }, { additionalProperties: false });

export const BrandContentFile = Type.Object(
  {
    faq: Type.Array(
      Type.Object(
        {
          id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$', problem: 'must be 1 to 64 letters, digits, - or _, starting with a letter or digit' })),
          question: brandText(500),
          answer: brandText(10_000),
        },
        { additionalProperties: false },
      ),
      { maxItems: 200 },
    ),
    about: Type.Object({ header: brandText(200), body: brandText(20_000) }, { additionalProperties: false }),
    terms: DocumentLink,
    gdpr: DocumentLink,
    contact: Type.Object(
      {
        customerServiceText: brandText(2000),
        email: Type.String({ minLength: 1, maxLength: 320 }),
        phone: Type.String({ minLength: 1, maxLength: 40 }),
        supportHours: Type.Object(
          {
            weekly: Type.Array(
              Type.Object(
                { day: Type.Integer({ minimum: 1, maximum: 7, problem: 'must be a weekday from 1 (Monday) to 7 (Sunday)' }), opens: Clock, closes: Clock },
                { additionalProperties: false },
              ),
              { maxItems: 7 },
            ),
            note: Type.Optional(brandText(500)),
          },
          { additionalProperties: false },
        ),
        chatUrl: Type.Optional(Link),
        messengerUrl: Type.Optional(Link),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type BrandContentFile = Static<typeof BrandContentFile>;

/** What a good file writes: the content row, and the brand's contact e-mail and document links. */
export type BrandContentUpdate = BrandContentWrite;

export type ContentProblem = FileProblem;

export type ParsedContentFile = ParsedFile<BrandContentUpdate>;

const weekdays = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The checks the schema cannot express; each reads only values of the right type. */
function ruleProblems(file: Record<string, unknown>, out: ContentProblem[]) {
  const { at, check } = fileRules(file, out);
  const contact = '$.contact';
  check(['contact', 'email'], isValidEmail, refusedText.email);
  check(['contact', 'phone'], isValidPhoneNumber, (v) => `"${v}" is not a phone number in international form (+, country code, number; e.g. +46 8 555 010 00)`);
  for (const key of ['chatUrl', 'messengerUrl']) check(['contact', key], isHttpsUrl, (v) => `${refusedText.httpsUrl(v)} (or null for none)`);
  for (const key of ['terms', 'gdpr']) check([key, 'url'], isDocumentUrl, refusedText.documentUrl);
  const weekly = at('contact', 'supportHours', 'weekly');
  if (Array.isArray(weekly)) {
    const seen = new Map<number, number>();
    weekly.forEach((entry: unknown, i) => {
      if (!isRecord(entry)) return;
      const path = `${contact}.supportHours.weekly[${i}]`;
      const { day, opens, closes } = entry;
      if (typeof opens === 'string' && typeof closes === 'string' && Value.Check(Clock, opens) && Value.Check(Clock, closes) && opens >= closes) {
        out.push({ path: `${path}.closes`, message: `closes at ${closes}, not after it opens (${opens})` });
      }
      if (typeof day !== 'number' || !Number.isInteger(day) || day < 1 || day > 7) return;
      const first = seen.get(day);
      if (first === undefined) seen.set(day, i);
      else out.push({ path: `${path}.day`, message: `${weekdays[day]} (${day}) is already given at ${contact}.supportHours.weekly[${first}]` });
    });
  }
}

/** A stable id for an FAQ entry without one: the same question always gets the same id. */
export function faqIdFor(question: BrandText): string {
  const canonical = typeof question === 'string' ? question : JSON.stringify(languages.filter((l) => question[l] !== undefined).map((l) => [l, question[l]]));
  return `faq-${createHash('sha256').update(canonical).digest('hex').slice(0, 12)}`;
}

/** Each entry's id (given, else made from its question), reporting ids used twice; entries of the wrong shape are skipped. */
function faqIdProblems(faq: unknown, out: ContentProblem[]): string[] {
  if (!Array.isArray(faq)) return [];
  const first = new Map<string, number>();
  return faq.map((entry: unknown, i) => {
    if (!isRecord(entry)) return '';
    const given = typeof entry.id === 'string';
    const question = entry.question;
    if (!given && typeof question !== 'string' && !isRecord(question)) return '';
    const id = given ? (entry.id as string) : faqIdFor(question as BrandText);
    const before = first.get(id);
    if (before === undefined) first.set(id, i);
    else {
      out.push({
        path: given ? `$.faq[${i}].id` : `$.faq[${i}]`,
        message: given ? `"${id}" is already the id of $.faq[${before}]` : `has the same question as $.faq[${before}]; give one of them an id`,
      });
    }
    return id;
  });
}

/** Checks a content file (already read as JSON) and turns it into what is written. */
export function parseContentFile(value: unknown): ParsedContentFile {
  const problems: ContentProblem[] = [];
  schemaProblems(BrandContentFile, value, '$', problems);
  if (isRecord(value)) ruleProblems(value, problems);
  const ids = isRecord(value) ? faqIdProblems(value.faq, problems) : [];
  if (problems.length > 0 || !Value.Check(BrandContentFile, value)) {
    return { ok: false, problems: problems.length > 0 ? problems : [{ path: '$', message: 'is not a content file' }] };
  }
  const { contact } = value;
  return {
    ok: true,
    value: {
      content: {
        faq: value.faq.map((entry, i) => ({ id: ids[i]!, question: localized(entry.question), answer: localized(entry.answer) })),
        about: { header: localized(value.about.header), body: localized(value.about.body) },
        contact: {
          customerServiceText: localized(contact.customerServiceText),
          phone: contact.phone.trim(),
          supportHours: {
            weekly: [...contact.supportHours.weekly].sort((a, b) => a.day - b.day),
            note: contact.supportHours.note === undefined ? {} : localized(contact.supportHours.note),
          },
          chatUrl: contact.chatUrl ?? null,
          messengerUrl: contact.messengerUrl ?? null,
        },
      },
      contactEmail: contact.email.trim(),
      terms: value.terms,
      gdpr: value.gdpr,
    },
  };
}

/** A content file's text: JSON, else one problem saying where it breaks. */
export function parseContentFileText(source: string): ParsedContentFile {
  const json = parseJson(source);
  return json.ok ? parseContentFile(json.value) : json;
}

