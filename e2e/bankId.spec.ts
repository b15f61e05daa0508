import { expect, test } from './fixtures.ts';
import { BankIdPhonePage } from './pages/BankIdPhonePage.ts';
import { BankIdSignInPage, type Locale } from './pages/BankIdSignInPage.ts';

for (const [locale, browserLocale] of [['en', 'en-US'], ['sv', 'sv-SE']] as [Locale, string][]) {
  test.describe(`bank eID in ${locale}`, () => {
    test.use({ locale: browserLocale });

    test('same device: the app opened by the autostart link identifies the Aurora member, who reaches the feed', async ({ page, context }) => {
      const signIn = new BankIdSignInPage(page, locale);
      await signIn.open();
      const token = await signIn.startOnThisDevice();
      const phone = new BankIdPhonePage(await context.newPage());
      await phone.openWithAutoStartToken(token);
      await expect(page.getByText(signIn.text('Searching for BankID, it may take a little while…'))).toBeVisible();
      await phone.identifyAndApprove();
      await signIn.expectFeed();
      await expect(page.getByRole('img', { name: 'Aurora' }).first()).toBeVisible();
    });

    test('another device: the phone scans the animated QR code and the member reaches the feed', async ({ page, context }) => {
      const signIn = new BankIdSignInPage(page, locale);
      await signIn.open();
      await signIn.startWithQrCode();
      const first = await signIn.qrContent();
      // A new code every second.
      await expect.poll(() => signIn.qrContent(), { timeout: 5000 }).not.toBe(first);
      const phone = new BankIdPhonePage(await context.newPage());
      await phone.scan(await signIn.qrContent());
      await phone.identifyAndApprove('member@aurora.test');
      await signIn.expectFeed();
    });

    test('cancelling on the screen cancels the order and says so', async ({ page, context }) => {
      const signIn = new BankIdSignInPage(page, locale);
      await signIn.open();
      const token = await signIn.startOnThisDevice();
      await signIn.cancel();
      await expect(signIn.outcome()).toHaveText(signIn.text('bankid_cancelled'));
      await expect(signIn.startButtons()).toHaveCount(2);
      // The order is gone at the bank too: the phone cannot open it.
      const phonePage = await context.newPage();
      await phonePage.goto(`/dev/bankid?autostarttoken=${token}`);
      await expect(phonePage.getByText('This order is no longer waiting for you.')).toBeVisible();
    });

    test('leaving the sign-in screen mid-order gives the order up at the bank', async ({ page, context }) => {
      const signIn = new BankIdSignInPage(page, locale);
      await signIn.open();
      const token = await signIn.startOnThisDevice();
      await page.getByRole('link', { name: signIn.text('Create account') }).click();
      await expect(page.getByRole('heading', { name: signIn.text('Create account') })).toBeVisible();
      const phonePage = await context.newPage();
      await phonePage.goto(`/dev/bankid?autostarttoken=${token}`);
      await expect(phonePage.getByText('This order is no longer waiting for you.')).toBeVisible();
    });

    test('cancelling on the phone is told as cancelled', async ({ page, context }) => {
      const signIn = new BankIdSignInPage(page, locale);
      await signIn.open();
      await signIn.startWithQrCode();
      const phone = new BankIdPhonePage(await context.newPage());
      await phone.scan(await signIn.qrContent());
      await phone.cancel();
      await expect(signIn.outcome()).toHaveText(signIn.text('bankid_cancelled'));
      await expect(signIn.qrCode()).toHaveCount(0);
    });

    test('an order that times out is told to start again', async ({ page, context }) => {
      const signIn = new BankIdSignInPage(page, locale);
      await signIn.open();
      const token = await signIn.startOnThisDevice();
      const phone = new BankIdPhonePage(await context.newPage());
      await phone.openWithAutoStartToken(token);
      await phone.letItTimeOut();
      await expect(signIn.outcome()).toHaveText(signIn.text('bankid_timed_out'));
      await expect(signIn.startButtons()).toHaveCount(2);
    });
  });
}
