import { languages, type Language } from '../../../domain/language.ts';

/** A demo text in every language the product speaks. */
export type Text3 = Record<Language, string>;

export const l = (en: string, sv: string, nb: string): Text3 => ({ en, sv, nb });
/** A name, written the same in every language. */
export const same = (text: string): Text3 => l(text, text, text);

/** The same text in each language, made by `make`. */
export const each = (make: (language: Language) => string): Text3 => l(make('en'), make('sv'), make('nb'));

/** A slot's value: one text for all languages, a number, or a text per language. */
export type SlotValue = string | number | Text3;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Replaces {slot} and {Slot} (capitalised) with the values in `language`. */
export function fill(template: string, slots: Record<string, SlotValue>, language: Language): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = slots[name.charAt(0).toLowerCase() + name.slice(1)];
    if (value === undefined) throw new Error(`No value for {${name}} in “${template}”`);
    const text = typeof value === 'object' ? value[language] : String(value);
    return name.charAt(0) === name.charAt(0).toUpperCase() ? capitalise(text) : text;
  });
}

/** A template per language, filled in each. */
export const fill3 = (template: Text3, slots: Record<string, SlotValue>): Text3 =>
  each((language) => fill(template[language], slots, language));

export { languages };
