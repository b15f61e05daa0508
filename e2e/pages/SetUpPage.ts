import { expect, type Locator, type Page } from '@playwright/test';

/** The set-up screen's words in the languages the specs run in. */
const texts = {
  en: {
    heading: 'Complete your account',
    email: 'E-mail',
    phone: 'Phone number',
    password: 'Choose a password',
    cards: 'Your bank card',
    otherCard: 'Other',
    digits: 'First six digits of your card',
    digit: (n: number) => `Digit ${n} of 6`,
    referralCode: 'Referral code',
    submit: 'Continue',
    signOut: 'Sign out',
  },
  sv: {
    heading: 'Slutför ditt konto',
    email: 'E-post',
    phone: 'Telefonnummer',
    password: 'Välj ett lösenord',
    cards: 'Ditt bankkort',
    otherCard: 'Annat',
    digits: 'Kortets första sex siffror',
    digit: (n: number) => `Siffra ${n} av 6`,
    referralCode: 'Värvningskod',
    submit: 'Fortsätt',
    signOut: 'Logga ut',
  },
};

export type SetUpLanguage = keyof typeof texts;
type CardChoice = 'Bankkort' | 'Allkort' | 'Platinumkort' | 'other';

/** The account-completion form of the set-up phase, by roles and labels. */
export class SetUpPage {
  private readonly words: (typeof texts)['en'];

  constructor(
    private readonly page: Page,
    language: SetUpLanguage = 'en',
  ) {
    this.words = texts[language];
  }

  heading(): Locator {
    return this.page.getByRole('heading', { name: this.words.heading });
  }

  async expectShown() {
    await expect(this.heading()).toBeVisible();
  }

  email(): Locator {
    return this.page.getByLabel(this.words.email, { exact: true });
  }

  phone(): Locator {
    return this.page.getByLabel(this.words.phone, { exact: true });
  }

  password(): Locator {
    return this.page.getByLabel(this.words.password, { exact: true });
  }

  referralCode(): Locator {
    return this.page.getByLabel(this.words.referralCode, { exact: true });
  }

  cardGroup(): Locator {
    return this.page.getByRole('group', { name: this.words.cards });
  }

  /** A card by its product name, or 'other' for the translated other-card choice. */
  card(name: CardChoice): Locator {
    return this.cardGroup().getByRole('radio', { name: name === 'other' ? this.words.otherCard : name, exact: true });
  }

  digitGroup(): Locator {
    return this.page.getByRole('group', { name: this.words.digits });
  }

  /** Box n (1-6) of the other card's digits. */
  digit(n: number): Locator {
    return this.digitGroup().getByLabel(this.words.digit(n), { exact: true });
  }

  async fillPhone(value: string) {
    await this.phone().fill(value);
  }

  async fillPassword(value: string) {
    await this.password().fill(value);
  }

  async fillEmail(value: string) {
    await this.email().fill(value);
  }

  async chooseCard(name: CardChoice) {
    await this.card(name).check();
  }

  /** Types the digits key by key from box `fromBox` (1-6), checking that focus moves on by itself. */
  async typeCardDigits(digits: string, fromBox = 1) {
    await this.digit(fromBox).click();
    for (const [i, digit] of [...digits].entries()) {
      await expect(this.digit(fromBox + i)).toBeFocused();
      await this.page.keyboard.type(digit);
    }
    await expect(this.digit(Math.min(fromBox + digits.length, 6))).toBeFocused();
  }

  async fillReferralCode(value: string) {
    await this.referralCode().fill(value);
  }

  async submit() {
    await this.page.getByRole('button', { name: this.words.submit }).click();
  }

  async signOut() {
    await this.page.getByRole('button', { name: this.words.signOut }).click();
  }

  /** A validation or server message shown on the form. */
  message(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }
}
