import { expect, type Locator } from '@playwright/test';
import { pageInLanguage } from './pageInLanguage.ts';
import { catalogText, catalogWords, type ProfileLanguage } from './ProfilePage.ts';
import { expectSignedIn, openSignInDialog, signInScope } from './SignInPage.ts';

/** The promo rows', /more/voucher's and the sign-in form's words, in English; others from the catalogs. */
const english = {
  email: 'E-mail',
  password: 'Password',
  signIn: 'Sign in',
  offers: 'Offers',
  menu: 'Menu',
  main: 'Main',
  memberCode: 'Member code',
  showCode: 'Show the code',
  personalCode: 'Your personal code',
  claimCode: 'Claim code',
  capReached: 'voucher_claim_cap_reached',
  noCodesRemaining: 'voucher_no_codes_remaining',
  promoCodes: 'My promo codes',
  byOffer: 'Promo codes by offer',
};

/** An offer page's promo code rows and the member's codes at /more/voucher, by roles and labels. */
export class PromoCodesPage extends pageInLanguage((language: ProfileLanguage) => catalogWords(english, language)) {
  /** A text with placeholders ({code}, {0}) from the catalog, filled in. */
  private text(id: string, value: string): string {
    return catalogText(this.language, id).replace(/\{\w+\}/, value);
  }

  async signIn(origin: string, email: string, password: string) {
    await this.page.goto(`${origin}/`);
    await expect(this.page.locator('html')).toHaveAttribute('lang', this.language);
    await openSignInDialog(this.page, this.words.signIn);
    await this.page.getByLabel(this.words.email, { exact: true }).fill(email);
    await this.page.getByLabel(this.words.password, { exact: true }).fill(password);
    await (await signInScope(this.page)).getByRole('button', { name: this.words.signIn, exact: true }).click();
    await expectSignedIn(this.page, this.words.signIn);
    await expect(this.visible().getByRole('list', { name: this.words.offers })).toBeVisible();
  }

  /** The stacked page the member sees now. */
  visible(): Locator {
    return this.page.locator('section[data-path]:not([inert])').filter({ visible: true });
  }

  async openOffer(origin: string, path: string) {
    await this.page.goto(`${origin}${path}`);
    await expect(this.visible().getByRole('heading', { level: 1 })).toBeVisible();
  }

  commonRow(): Locator {
    return this.visible().getByRole('region', { name: this.words.memberCode });
  }

  uniqueRow(): Locator {
    return this.visible().getByRole('region', { name: this.words.personalCode });
  }

  counter(): Locator {
    return this.uniqueRow().locator('[data-counter]');
  }

  claimButton(): Locator {
    return this.uniqueRow().getByRole('button', { name: this.words.claimCode, exact: true });
  }

  callToAction(label: string): Locator {
    return this.visible().getByRole('button', { name: label, exact: true });
  }

  codesIn(region: Locator): Locator {
    return region.locator('code');
  }

  copyButton(code: string): Locator {
    return this.visible().getByRole('button', { name: this.text('Copy code {code}', code), exact: true });
  }

  copied(code: string): Locator {
    return this.visible().getByRole('status').filter({ hasText: this.text('Successfully copied to clipboard {code}', code) });
  }

  async openVouchersFromMore(moreTab: string) {
    await this.page.getByRole('navigation', { name: this.words.main }).getByRole('link', { name: moreTab, exact: true }).click();
    await this.visible().getByRole('navigation', { name: this.words.menu }).getByRole('link', { name: this.words.promoCodes, exact: true }).click();
    await expect(this.visible()).toHaveAttribute('data-path', '/more/voucher');
    await expect(this.visible().getByRole('heading', { level: 1, name: this.words.promoCodes })).toBeVisible();
  }

  voucherGroups(): Locator {
    return this.visible().getByRole('list', { name: this.words.byOffer });
  }

  voucherGroupOf(offerTitle: string): Locator {
    return this.visible().getByRole('list', { name: this.text('Codes for {0}', offerTitle), exact: true });
  }
}
