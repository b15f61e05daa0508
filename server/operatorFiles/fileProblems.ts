import { Type, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { languages, type LocalizedText } from '../../domain/language.ts';
import type { BrandText } from '../db/schema/brands.ts';

/*
 * Checking the JSON files operators give the brand commands (`brand`, `brand:content`): the file
 * is checked whole against a TypeBox schema, and every problem is named by its JSON path, so one
 * run tells the operator everything to fix.
 */

export interface FileProblem {
  /** JSONPath of the value, e.g. `$.faq[2].question.sv`. */
  path: string;
  message: string;
}

/** A checked file: what it writes, or every problem found. */
export type ParsedFile<T> = { ok: true; value: T } | { ok: false; problems: FileProblem[] };

/** Texts that get a clearer message than the schema's own. */
const texts = new WeakSet<TSchema>();

/** A text the brand gives in one string for every language, or one per language (en, sv, nb; at least one). */
export function brandText(maxLength: number) {
  const one = Type.String({ minLength: 1, maxLength });
  const schema = Type.Union([
    one,
    Type.Object({ en: Type.Optional(one), sv: Type.Optional(one), nb: Type.Optional(one) }, { additionalProperties: false, minProperties: 1 }),
  ]);
  texts.add(schema);
  return schema;
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
export const keyPath = (path: string, key: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`);
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

function textProblems(value: unknown, path: string, maxLength: number, out: FileProblem[]) {
  const one = (v: unknown, p: string) => {
    if (typeof v !== 'string') out.push({ path: p, message: 'must be a text' });
    else if (v.trim() === '') out.push({ path: p, message: 'must not be empty' });
    else if (controlCharacters.test(v)) out.push({ path: p, message: 'must not contain control characters (line breaks and tabs are fine)' });
    else if (v.length > maxLength) out.push({ path: p, message: `is ${v.length} characters long (at most ${maxLength})` });
  };
  if (typeof value === 'string') return one(value, path);
  if (!isRecord(value)) return void out.push({ path, message: 'must be a text, or an object of texts per language (en, sv, nb)' });
  const keys = Object.keys(value);
  if (keys.length === 0) out.push({ path, message: 'must have a text in at least one language (en, sv, nb)' });
  for (const key of keys) {
    if (!(languages as readonly string[]).includes(key)) out.push({ path: keyPath(path, key), message: 'is not a language of the app (en, sv, nb)' });
    else one(value[key], keyPath(path, key));
  }
}

/**
 * Every place where `value` does not fit `schema`, walking objects and arrays so no problem hides
 * another. A schema's `problem` option replaces the validator's message with one for operators.
 */
export function schemaProblems(schema: TSchema, value: unknown, path: string, out: FileProblem[]) {
  const s = schema as TSchema & Record<string, unknown>;
  if (texts.has(schema)) {
    const maxLength = ((s.anyOf as { maxLength: number }[])[0]!).maxLength;
    return textProblems(value, path, maxLength, out);
  }
  if (s.type === 'object' && isRecord(s.properties)) {
    if (!isRecord(value)) return void out.push({ path, message: 'must be an object' });
    const properties = s.properties as Record<string, TSchema>;
    const required = (s.required as string[] | undefined) ?? [];
    for (const key of required) if (!(key in value)) out.push({ path: keyPath(path, key), message: 'is missing' });
    for (const [key, field] of Object.entries(value)) {
      if (!(key in properties)) out.push({ path: keyPath(path, key), message: `is not a field here (known: ${Object.keys(properties).join(', ')})` });
      else schemaProblems(properties[key]!, field, keyPath(path, key), out);
    }
    return;
  }
  if (s.type === 'object' && isRecord(s.patternProperties)) {
    if (!isRecord(value)) return void out.push({ path, message: 'must be an object' });
    if (typeof s.maxProperties === 'number' && Object.keys(value).length > s.maxProperties) {
      out.push({ path, message: `has ${Object.keys(value).length} entries (at most ${s.maxProperties})` });
    }
    const [pattern, field] = Object.entries(s.patternProperties as Record<string, TSchema>)[0]!;
    for (const [key, item] of Object.entries(value)) {
      if (!new RegExp(pattern).test(key)) out.push({ path: keyPath(path, key), message: `is not a valid name here (${String(s.keyProblem ?? pattern)})` });
      else schemaProblems(field, item, keyPath(path, key), out);
    }
    return;
  }
  if (s.type === 'array') {
    if (!Array.isArray(value)) return void out.push({ path, message: 'must be a list' });
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) out.push({ path, message: `has ${value.length} entries (at most ${s.maxItems})` });
    if (typeof s.minItems === 'number' && value.length < s.minItems) out.push({ path, message: `has ${value.length} entries (at least ${s.minItems})` });
    value.forEach((item, i) => schemaProblems(s.items as TSchema, item, `${path}[${i}]`, out));
    return;
  }
  if (Value.Check(schema, value)) return;
  const first = [...Value.Errors(schema, value)][0];
  out.push({ path, message: typeof s.problem === 'string' ? s.problem : (first?.message ?? 'is not valid') });
}

/**
 * The checks a file's rules make beyond its schema: `at` reads the value at a path of keys (or
 * undefined), `check` names the text there when `ok` refuses it. A value of another type, or an
 * empty one, is left to the schema's problems.
 */
export function fileRules(file: Record<string, unknown>, out: FileProblem[]) {
  const at = (...keys: (string | number)[]): unknown =>
    keys.reduce<unknown>((v, k) => (isRecord(v) || Array.isArray(v) ? (v as Record<string | number, unknown>)[k] : undefined), file);
  const pathOf = (keys: string[]) => keys.reduce(keyPath, '$');
  return {
    at,
    check(keys: string[], ok: (value: string) => boolean, message: (value: string) => string) {
      const value = at(...keys);
      if (typeof value === 'string' && value !== '' && !ok(value)) out.push({ path: pathOf(keys), message: message(value) });
    },
  };
}

/** What a refused text of a common kind is told. */
export const refusedText = {
  email: (value: string) => `"${value}" is not an e-mail address`,
  httpsUrl: (value: string) => `"${value}" is not an https address`,
  documentUrl: (value: string) => `"${value}" is not an https address or a path on the app's server (/…)`,
};

/** An https address with a host and no credentials. */
export function isHttpsUrl(value: string): boolean {
  if (/[\s\u0000-\u001F\u007F-\u009F]/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** Documents and images may also live on the app's own server (`/media/brand/…`), as the demo brands' do. */
export const isDocumentUrl = (value: string) => isHttpsUrl(value) || /^\/(?![/\\])[^\s\u0000-\u001F\u007F-\u009F]*$/.test(value);

/** A text as stored per language (a plain string counts for every language). */
export const localized = (value: BrandText): LocalizedText =>
  typeof value === 'string' ? Object.fromEntries(languages.map((l) => [l, value])) : { ...value };

/** A file's text as JSON (a leading byte-order mark is fine), else the one problem saying where it breaks. */
export function parseJson(source: string): ParsedFile<unknown> {
  try {
    return { ok: true, value: JSON.parse(source.replace(/^\uFEFF/, '')) };
  } catch (error) {
    return { ok: false, problems: [{ path: '$', message: `is not JSON: ${(error as Error).message}` }] };
  }
}

/** The problems, one per line, for an operator. */
export const describeProblems = (problems: FileProblem[]) => problems.map((p) => `  ${p.path}: ${p.message}`).join('\n');
