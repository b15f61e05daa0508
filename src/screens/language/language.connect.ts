import type { SnapshotFrom } from 'xstate';
import { languages, type Language, type languageMachine } from '../../../machines/language.machine.ts';
import type { LanguageRef } from '../../appActor.ts';

/** Each language named in itself, so a member finds theirs whatever the app shows now. */
export const ownNames: Record<Language, string> = { en: 'English', sv: 'Svenska', nb: 'Norsk' };

export function connectLanguage(snapshot: SnapshotFrom<typeof languageMachine>, ref: LanguageRef) {
  return {
    options: languages.map((language) => ({ language, name: ownNames[language] })),
    /** The language shown (or on its way: the choice shows checked at once). */
    chosen: snapshot.context.shown,
    switching: snapshot.hasTag('switching'),
    choose: (language: Language) => ref.send({ type: 'language.choose', language }),
  };
}
