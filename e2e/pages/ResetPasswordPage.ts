import { expect, type Locator } from '@playwright/test';
import { pageInLanguage } from './pageInLanguage.ts';

const texts = {
  en: {
    heading: 'Choose a new password',
    password: 'New password',
    repeat: 'Repeat the new password',
    submit: 'Save the new password',
    savedTitle: 'Password changed',
    dontMatch: 'The passwords do not match.',
    linkUsed: 'The reset link is not valid or has already been used. Request a new one.',
  },
  sv: {
    heading: 'Välj ett nytt lösenord',
    password: 'Nytt lösenord',
    repeat: 'Upprepa det nya lösenordet',
    submit: 'Spara det nya lösenordet',
    savedTitle: 'Lösenordet är ändrat',
    dontMatch: 'Lösenorden stämmer inte överens.',
    linkUsed: 'Återställningslänken är ogiltig eller redan använd. Begär en ny.',
  },
};

export type Language = keyof typeof texts;

/** /password_reset/:token, opened from the reset mail in the development outbox. */
export class ResetPasswordPage extends pageInLanguage((language: Language) => texts[language]) {
  /**
   * Opens /dev/outbox and follows the reset link of the newest mail to `email`; returns the
   * link. The outbox lists the newest mail first; a mail is the nearest element holding one link.
   */
  async followNewestOutboxLink(email: string): Promise<string> {
    await this.page.goto('/dev/outbox');
    const href = await this.page.evaluate((to) => {
      const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href*="/password_reset/"]')];
      for (const link of links) {
        let mail: HTMLElement | null = link.parentElement;
        while (mail?.parentElement && mail.parentElement.querySelectorAll('a[href*="/password_reset/"]').length === 1) {
          mail = mail.parentElement;
        }
        if (mail?.textContent?.includes(to)) return link.href;
      }
      return null;
    }, email);
    expect(href, `a reset mail to ${email} in the outbox`).toBeTruthy();
    // The outbox may open links in a new tab; the member's click lands on the same address.
    await this.page.goto(href!);
    await this.expectShown();
    return href!;
  }

  async expectShown() {
    await expect(this.page.getByRole('heading', { name: this.words.heading })).toBeVisible();
  }

  passwordField(): Locator {
    return this.page.getByLabel(this.words.password, { exact: true });
  }

  async setPassword(password: string, repeat = password) {
    await this.passwordField().fill(password);
    await this.page.getByLabel(this.words.repeat, { exact: true }).fill(repeat);
    await this.page.getByRole('button', { name: this.words.submit }).click();
  }

  savedMessage(): Locator {
    return this.page.getByRole('dialog', { name: this.words.savedTitle });
  }

  message(name: 'dontMatch' | 'linkUsed'): Locator {
    return this.page.getByText(this.words[name], { exact: true });
  }
}
