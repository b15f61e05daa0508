import { languages, type DeviceChoice, type Language, type LanguageInput } from '../../machines/language.machine.ts';
import { pickLocale } from '../i18n/i18n.ts';
import { persistedStore } from './persistedStore.ts';

/** Outside the cache prefix: signing out keeps the device's language, and the sign-in screens use it. */
const choiceStore = persistedStore<unknown>({ key: 'klubb.language' });

const isLanguage = (value: unknown): value is Language => (languages as readonly unknown[]).includes(value);

/** The language chosen on this device and by whom, or null (never chosen, or garbage in storage). */
export function readDeviceChoice(): DeviceChoice | null {
  const stored = choiceStore.read();
  // A bare language: kept before choices named who made them; it counts as chosen signed out.
  if (isLanguage(stored)) return { language: stored, memberId: null };
  if (typeof stored !== 'object' || stored === null) return null;
  const { language, memberId } = stored as Record<string, unknown>;
  return isLanguage(language) ? { language, memberId: typeof memberId === 'string' ? memberId : null } : null;
}

export const rememberDeviceChoice = (choice: DeviceChoice) => choiceStore.write(choice);

/** What the app shows at start: the device's choice, else the browser's languages (the member's record decides later, after sign-in). */
export function startLanguage(browserLanguages: readonly string[]): LanguageInput {
  const choice = readDeviceChoice();
  return { shown: choice?.language ?? pickLocale(browserLanguages), deviceChoice: choice?.language ?? null, chosenBy: choice?.memberId ?? null };
}
