import type { Page } from '@playwright/test';

/**
 * The base of a page object that speaks one of the app's languages (English unless told):
 * `words` holds its texts in that language, looked up once by `wordsIn`.
 */
export function pageInLanguage<Language extends string, Words>(wordsIn: (language: Language) => Words) {
  return class {
    readonly words: Words;

    constructor(
      protected readonly page: Page,
      // Every page object's languages include English.
      readonly language: Language = 'en' as Language,
    ) {
      this.words = wordsIn(language);
    }
  };
}
