import { languages, type Language, type LanguageInput } from '../../machines/language.machine.ts';
import { pickLocale } from '../i18n/i18n.ts';
import { persistedStore } from './persistedStore.ts';

/** Outside the cache prefix: signing out keeps the device's language, and the sign-in screens use it. */
const choiceStore = persistedStore<string>({ key: 'klubb.language' });

/** The language the member chose on this device, or null (never chosen, or garbage in storage). */
export function readDeviceLanguage(): Language | null {
  const stored = choiceStore.read();
  return (languages as readonly unknown[]).includes(stored) ? (stored as Language) : null;
}

export const rememberDeviceLanguage = (language: Language) => choiceStore.write(language);

/** What the app shows at start: the device's choice, else the browser's languages (the member's record decides later, after sign-in). */
export function startLanguage(browserLanguages: readonly string[]): LanguageInput {
  const deviceChoice = readDeviceLanguage();
  return { shown: deviceChoice ?? pickLocale(browserLanguages), deviceChoice };
}
