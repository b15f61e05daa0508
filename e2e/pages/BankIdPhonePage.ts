import { expect, type Page } from '@playwright/test';

/** /dev/bankid: the simulated member's phone with the BankID app (English only, a development tool). */
export class BankIdPhonePage {
  constructor(private readonly page: Page) {}

  private status() {
    return this.page.getByRole('status');
  }

  /** The phone's OS hands the autostart link to the app, which opens the order. */
  async openWithAutoStartToken(token: string) {
    await this.page.goto(`/dev/bankid?autostarttoken=${encodeURIComponent(token)}`);
    await expect(this.status()).toHaveText('Opened: choose who you are');
  }

  async scan(qrContent: string) {
    await this.page.goto('/dev/bankid');
    await this.page.getByLabel('QR code content').fill(qrContent);
    await this.page.getByRole('button', { name: 'Scan' }).click();
    await expect(this.status()).toHaveText('Opened: choose who you are');
  }

  /** Identifies as the seeded member (preselected for the order's brand) and enters the security code. */
  async identifyAndApprove(email?: string) {
    if (email) {
      const select = this.page.getByLabel('Identify as');
      await select.selectOption((await select.locator('option', { hasText: email }).getAttribute('value'))!);
    }
    await this.page.getByRole('button', { name: 'Identify', exact: true }).click();
    await expect(this.status()).toHaveText('Waiting for your security code');
    await this.page.getByRole('button', { name: 'Approve with security code' }).click();
    await expect(this.status()).toHaveText('Identified');
  }

  async cancel() {
    await this.page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(this.status()).toHaveText('Cancelled on the phone');
  }

  async letItTimeOut() {
    await this.page.getByRole('button', { name: 'Let it time out' }).click();
    await expect(this.status()).toHaveText('Timed out');
  }
}
