import { expect, type Locator } from '@playwright/test';
import { pageInLanguage } from './pageInLanguage.ts';
import { catalogText } from './catalogText.ts';
import { expectSignedIn, openSignInDialog, signInScope } from './SignInPage.ts';

export { catalogText };

/** The profile's words (and the sign-in form's), in English; other languages come from the app's catalogs. */
const english = {
  signInHeading: 'Sign in',
  signInEmail: 'E-mail',
  signInPassword: 'Password',
  signIn: 'Sign in',
  signOut: 'Sign out',
  offers: 'Offers',
  heading: 'Profile',
  contact: 'Contact',
  privateAddress: 'Private address',
  companyAddress: 'Company address',
  changePassword: 'Change password',
  deleteAccount: 'Delete account',
  fullName: 'Full name',
  email: 'E-mail',
  phone: 'Phone number',
  careOf: 'c/o',
  street: 'Street',
  zipCode: 'Zip code',
  city: 'City',
  companyName: 'Company name',
  newPassword: 'New password',
  repeatPassword: 'Repeat new password',
  save: 'Save changes',
  saved: 'Your profile has been saved.',
  unchanged: 'Nothing to save: you have not changed anything.',
  passwordDialog: 'Confirm with your password',
  currentPassword: 'Current password',
  confirm: 'Confirm',
  cancel: 'Cancel',
  deleteDialog: 'Delete your account?',
};

export type ProfileLanguage = 'en' | 'sv';
type Words = typeof english;
type SectionName = 'contact' | 'privateAddress' | 'companyAddress' | 'changePassword' | 'deleteAccount';
type FieldLabel = Exclude<keyof Words, SectionName>;

/** Each of `english`'s texts (message ids) in `language`, from the app's catalog. */
export const catalogWords = <Words extends Record<string, string>>(english: Words, language: ProfileLanguage): Words =>
  Object.fromEntries(Object.entries(english).map(([key, text]) => [key, catalogText(language, text)])) as Words;

/** The profile at /more/userinfo, driven by roles and labels, plus the sign-in steps around it. */
export class ProfilePage extends pageInLanguage((language: ProfileLanguage) => catalogWords(english, language)) {
  async signIn(email: string, password: string) {
    await this.page.goto('/');
    await openSignInDialog(this.page, this.words.signIn);
    await expect(this.page.getByRole('heading', { name: this.words.signInHeading })).toBeVisible();
    await this.page.getByLabel(this.words.signInEmail).fill(email);
    await this.page.getByLabel(this.words.signInPassword, { exact: true }).fill(password);
    await (await signInScope(this.page)).getByRole('button', { name: this.words.signIn, exact: true }).click();
  }

  async expectSignInRefused() {
    await expect(this.page.getByRole('alert')).toHaveText(catalogText(this.language, 'auth/wrong-password'));
  }

  /** A member's feed: the feed alone shows to a visitor too, so the header's Sign in must have gone (the sign-in done). */
  async expectSignedIn() {
    await expectSignedIn(this.page, this.words.signIn);
    await expect(this.page.locator('section[data-path="/"]').getByRole('list', { name: this.words.offers })).toBeVisible();
  }

  /** Sign-out lives on More only (spec 2.3). */
  async signOut() {
    await this.page.goto('/more');
    await this.page.locator('section[data-path="/more"]').getByRole('button', { name: this.words.signOut }).click();
    await expect(this.page.getByRole('banner').getByRole('button', { name: this.words.signIn, exact: true })).toBeVisible();
  }

  async open() {
    await this.page.goto('/more/userinfo');
    await expect(this.page.locator('html')).toHaveAttribute('lang', this.language);
    await expect(this.main().getByRole('heading', { name: this.words.heading, level: 1 })).toBeVisible();
  }

  async reload() {
    await this.page.reload();
    await expect(this.main().getByRole('heading', { name: this.words.heading, level: 1 })).toBeVisible();
  }

  /** The profile page itself (the stacked page under it is inert). */
  main(): Locator {
    return this.page.locator('section[data-path="/more/userinfo"]:not([inert])');
  }

  section(name: SectionName): Locator {
    return this.main().getByRole('region', { name: this.words[name] });
  }

  field(section: SectionName, label: FieldLabel): Locator {
    return this.section(section).getByLabel(this.words[label], { exact: true });
  }

  async save() {
    await this.main().getByRole('button', { name: this.words.save }).click();
  }

  status(): Locator {
    return this.main().getByRole('status').filter({ hasText: /\S/ });
  }

  alert(): Locator {
    return this.main().getByRole('alert');
  }

  /** The error text tied to a field (aria-describedby). */
  async expectFieldError(field: Locator, id: string) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(catalogText(this.language, id));
  }

  passwordDialog(): Locator {
    return this.page.getByRole('dialog', { name: this.words.passwordDialog });
  }

  currentPasswordField(): Locator {
    return this.passwordDialog().getByLabel(this.words.currentPassword, { exact: true });
  }

  async confirmCurrentPassword(password: string) {
    await this.currentPasswordField().fill(password);
    await this.passwordDialog().getByRole('button', { name: this.words.confirm }).click();
  }

  /**
   * Saves the new password typed in both fields: the dialog asks for the current one, refuses a
   * wrong one (the server checks it at the identity provider), then takes the right one.
   */
  async confirmPasswordChange(currentPassword: string) {
    await this.save();
    await this.confirmCurrentPassword('Wrong1234');
    await this.expectFieldError(this.currentPasswordField(), 'auth/invalid-password');
    await this.confirmCurrentPassword(currentPassword);
    await expect(this.status()).toHaveText(this.words.saved);
    await expect(this.field('changePassword', 'newPassword')).toHaveValue('');
  }

  deleteDialog(): Locator {
    return this.page.getByRole('dialog', { name: this.words.deleteDialog });
  }

  async askToDelete() {
    await this.section('deleteAccount').getByRole('button', { name: this.words.deleteAccount }).click();
    await expect(this.deleteDialog()).toBeVisible();
  }
}
