import { expect, type Locator } from '@playwright/test';
import { pageInLanguage } from './pageInLanguage.ts';
import { catalogWords, type ProfileLanguage } from './ProfilePage.ts';
import { expectSignedIn, openSignInDialog, signInScope } from './SignInPage.ts';

/** The More menu's words (and those of the screens around it), in English; others from the catalogs. */
const english = {
  signInHeading: 'Sign in',
  email: 'E-mail',
  password: 'Password',
  signIn: 'Sign in',
  offers: 'Offers',
  main: 'Main',
  menu: 'Menu',
  restaurants: 'Restaurants',
  promoCodes: 'My promo codes',
  orders: 'My orders',
  waitingLists: 'My waiting lists',
  myCategories: 'My categories',
  profile: 'Profile',
  language: 'Language',
  about: 'About',
  faq: 'FAQ',
  contactUs: 'Contact us',
  sendMail: 'Send an e-mail',
  signOut: 'Sign out',
  back: 'Back',
};
type Words = typeof english;

/** The More menu at /more, reached through the More tab, driven by roles and labels. */
export class MorePage extends pageInLanguage((language: ProfileLanguage) => catalogWords(english, language)) {
  async signIn(email: string, password: string) {
    await this.page.goto('/');
    await expect(this.page.locator('html')).toHaveAttribute('lang', this.language);
    await openSignInDialog(this.page, this.words.signIn);
    await expect(this.page.getByRole('heading', { name: this.words.signInHeading })).toBeVisible();
    await this.page.getByLabel(this.words.email).fill(email);
    await this.page.getByLabel(this.words.password, { exact: true }).fill(password);
    await (await signInScope(this.page)).getByRole('button', { name: this.words.signIn, exact: true }).click();
    await expectSignedIn(this.page, this.words.signIn);
    await expect(this.visiblePage().getByRole('list', { name: this.words.offers })).toBeVisible();
  }

  /** The page the member sees: the stacked section that is neither hidden nor inert. */
  visiblePage(): Locator {
    return this.page.locator('section[data-path]:not([inert])').filter({ visible: true });
  }

  /** The tab's label is the brand's own navigation-bar text, in the member's language. */
  async openFromTab(label = 'More') {
    const tabs = this.page.getByRole('navigation', { name: this.words.main });
    await tabs.getByRole('link', { name: label, exact: true }).click();
    await this.expectShowing('/more');
  }

  async expectShowing(path: string) {
    await expect(this.page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
    await expect(this.visiblePage()).toHaveAttribute('data-path', path);
  }

  heading(): Locator {
    return this.visiblePage().getByRole('heading', { level: 1 });
  }

  menu(): Locator {
    return this.visiblePage().getByRole('navigation', { name: this.words.menu });
  }

  tile(name: keyof Words): Locator {
    return this.menu().getByRole('link', { name: this.words[name], exact: true });
  }

  mailButton(): Locator {
    return this.visiblePage().getByRole('region', { name: this.words.contactUs }).getByRole('link', { name: this.words.sendMail });
  }

  async back() {
    await this.page.getByRole('button', { name: this.words.back, exact: true }).click();
  }

  /** The More screen's own sign-out button (the shell's header has one too). */
  async signOut() {
    await this.visiblePage().getByRole('button', { name: this.words.signOut }).click();
    await expect(this.page.getByRole('banner').getByRole('button', { name: this.words.signIn, exact: true })).toBeVisible();
  }
}
