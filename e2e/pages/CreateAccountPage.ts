import { expect, type Locator, type Page } from '@playwright/test';

/** The create-account screen's words in the languages the specs run in. */
const texts = {
  en: {
    heading: 'Create account',
    email: 'E-mail',
    password: 'Password (optional)',
    ssn: 'Personal identity number',
    fullName: 'Full name',
    phone: 'Phone number (optional)',
    street: 'Street address',
    zipCode: 'Zip code',
    city: 'City',
    terms: 'I accept the terms of membership and the privacy policy',
    termsLink: 'terms of membership',
    submit: 'Create account',
    needToAcceptTerms: 'You need to accept the terms to create an account.',
    emailTaken: 'The e-mail address is already in use by another account.',
    ssnTaken: 'The social security number has already been taken.',
    ssnInvalid: 'The social security number is not valid.',
    fullNameMissing: 'Enter your first and last name.',
  },
  sv: {
    heading: 'Skapa konto',
    email: 'E-post',
    password: 'Lösenord (valfritt)',
    ssn: 'Personnummer',
    fullName: 'För- och efternamn',
    phone: 'Telefonnummer (valfritt)',
    street: 'Gatuadress',
    zipCode: 'Postnummer',
    city: 'Ort',
    terms: 'Jag godkänner medlemsvillkoren och integritetspolicyn',
    termsLink: 'medlemsvillkoren',
    submit: 'Skapa konto',
    needToAcceptTerms: 'Du behöver godkänna villkoren för att skapa ett konto.',
    emailTaken: 'E-postadressen används redan av ett annat konto.',
    ssnTaken: 'Personnumret används redan.',
    ssnInvalid: 'Personnumret är inte giltigt.',
    fullNameMissing: 'Ange ditt för- och efternamn.',
  },
};

export type Language = keyof typeof texts;
export type CreateAccountText = keyof (typeof texts)['en'];

/** The create-account form (/createaccount), by roles and labels. */
export class CreateAccountPage {
  readonly words: (typeof texts)['en'];

  constructor(
    private readonly page: Page,
    language: Language = 'en',
  ) {
    this.words = texts[language];
  }

  async open(origin = '', referralCode?: string) {
    await this.page.goto(`${origin}/createaccount${referralCode ? `/${referralCode}` : ''}`);
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page.getByRole('heading', { name: this.words.heading })).toBeVisible();
  }

  field(name: 'email' | 'password' | 'ssn' | 'fullName' | 'phone' | 'street' | 'zipCode' | 'city'): Locator {
    return this.page.getByLabel(this.words[name], { exact: true });
  }

  terms(): Locator {
    return this.page.getByRole('checkbox', { name: this.words.terms });
  }

  termsLink(): Locator {
    return this.page.getByRole('link', { name: this.words.termsLink });
  }

  async fillNameMode(fields: { email: string; password?: string; fullName: string; phone?: string; street?: string; zipCode?: string; city?: string }) {
    await this.field('email').fill(fields.email);
    if (fields.password) await this.field('password').fill(fields.password);
    await this.field('fullName').fill(fields.fullName);
    if (fields.phone) await this.field('phone').fill(fields.phone);
    if (fields.street) await this.field('street').fill(fields.street);
    if (fields.zipCode) await this.field('zipCode').fill(fields.zipCode);
    if (fields.city) await this.field('city').fill(fields.city);
  }

  async fillSsnMode(fields: { email: string; password?: string; ssn: string }) {
    await this.field('email').fill(fields.email);
    if (fields.password) await this.field('password').fill(fields.password);
    await this.field('ssn').fill(fields.ssn);
  }

  async acceptTerms() {
    await this.terms().check();
  }

  async submit() {
    await this.page.getByRole('button', { name: this.words.submit }).click();
  }

  /** A message of the catalogue shown on the form (field error or alert). */
  message(name: CreateAccountText): Locator {
    return this.page.getByText(this.words[name], { exact: true });
  }
}
