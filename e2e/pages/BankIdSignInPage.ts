import { expect, type Page } from '@playwright/test';
import { catalogText } from './catalogText.ts';
import { openSignInDialog } from './SignInPage.ts';

export type Locale = 'en' | 'sv';

export { catalogText };

/** The bank-eID part of the sign-in screen, in the page's language. */
export class BankIdSignInPage {
  constructor(
    private readonly page: Page,
    readonly locale: Locale,
  ) {}

  text(id: string) {
    return catalogText(this.locale, id);
  }

  async open() {
    await this.page.goto('/');
    await openSignInDialog(this.page, this.text('Sign in'));
  }

  async startOnThisDevice(): Promise<string> {
    await this.page.getByRole('button', { name: this.text('Sign in with BankID') }).click();
    const link = this.page.getByRole('link', { name: this.text('Open BankID'), exact: true });
    await expect(link).toHaveAttribute('href', /^bankid:\/\/\/\?autostarttoken=[\w-]+&redirect=null$/);
    return new URL((await link.getAttribute('href'))!).searchParams.get('autostarttoken')!;
  }

  async startWithQrCode() {
    await this.page.getByRole('button', { name: this.text('BankID on another device') }).click();
    await expect(this.qrCode()).toHaveAttribute('data-qr-content', /^bankid\.[\w-]+\.\d+\.[0-9a-f]{64}$/);
  }

  qrCode() {
    return this.page.getByRole('img', { name: this.text('QR code to scan with the BankID app') });
  }

  /** What the QR code shows now, as the phone's camera would read it. */
  async qrContent(): Promise<string> {
    return (await this.qrCode().getAttribute('data-qr-content'))!;
  }

  async cancel() {
    await this.page.getByRole('button', { name: this.text('Cancel'), exact: true }).click();
  }

  /** Signed in: the mixed feed with its offers. */
  async expectFeed() {
    await expect(this.page.getByRole('list', { name: this.text('Offers'), exact: true }).getByRole('listitem').first()).toBeVisible();
  }

  outcome() {
    return this.page.getByRole('alert');
  }

  startButtons() {
    return this.page.getByRole('button', { name: new RegExp(`^(${this.text('Sign in with BankID')}|${this.text('BankID on another device')})$`) });
  }
}
