import { expect, type Locator } from '@playwright/test';
import { pageInLanguage } from './pageInLanguage.ts';

const texts = {
  en: {
    heading: 'Forgot password',
    link: 'Forgot password?',
    email: 'E-mail',
    submit: 'Send reset link',
    sentTitle: 'Check your e-mail',
    close: 'Close',
    userNotFound: 'Could not find a user with the given email.',
    invalidEmail: 'Enter a valid e-mail address.',
  },
  sv: {
    heading: 'Glömt lösenord',
    link: 'Glömt lösenordet?',
    email: 'E-post',
    submit: 'Skicka återställningslänk',
    sentTitle: 'Kolla din e-post',
    close: 'Stäng',
    userNotFound: 'Det finns ingen användare med den e-postadressen.',
    invalidEmail: 'Ange en giltig e-postadress.',
  },
};

export type Language = keyof typeof texts;

/** /forgotpassword, reached from the sign-in screen's link. */
export class ForgotPasswordPage extends pageInLanguage((language: Language) => texts[language]) {
  /** Follows the sign-in screen's "Forgot password?" link. */
  async openFromSignIn() {
    await this.page.getByRole('link', { name: this.words.link }).click();
    await expect(this.page.getByRole('heading', { name: this.words.heading })).toBeVisible();
    await expect(this.page).toHaveURL(/\/forgotpassword$/);
  }

  async requestLink(email: string) {
    await this.page.getByLabel(this.words.email, { exact: true }).fill(email);
    await this.page.getByRole('button', { name: this.words.submit }).click();
  }

  sentMessage(): Locator {
    return this.page.getByRole('dialog', { name: this.words.sentTitle });
  }

  async dismissSentMessage() {
    await this.sentMessage().getByRole('button', { name: this.words.close }).click();
  }

  alert(): Locator {
    return this.page.getByRole('alert');
  }
}
