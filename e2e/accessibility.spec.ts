import { expect, test } from './fixtures.ts';
import { outlineScreensIn, ScreenAccessibility } from './accessibility.ts';
import { AppShell } from './pages/AppShell.ts';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage.ts';
import { ProfilePage } from './pages/ProfilePage.ts';
import { SignInPage, signInScope } from './pages/SignInPage.ts';
import { e2ePort as port } from './e2eServer.ts';

// Every spec's screens are checked by the fixture; this one walks each brand's screens on purpose,
// with their dialogs and error states, so both themes are held to WCAG 2.1 AA whatever else changes.
for (const brand of [
  { name: 'Aurora', origin: `http://aurora.localhost:${port}`, member: 'member@aurora.test', secondTab: 'Stories' },
  { name: 'Borealis', origin: `http://borealis.localhost:${port}`, member: 'member@borealis.test', secondTab: 'Perks' },
]) {
  test.describe(`accessibility on ${brand.name}`, () => {
    test.use({ baseURL: brand.origin });

    test('the sign-in screens with their error states', async ({ page, screenAccessibility }) => {
      const signIn = new SignInPage(page);
      await signIn.open();
      await (await signInScope(page)).getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
      await signIn.signIn(brand.member, 'not-the-password');
      await expect(signIn.alert()).toBeVisible();

      const forgot = new ForgotPasswordPage(page);
      await forgot.openFromSignIn();
      await page.getByRole('button', { name: forgot.words.submit }).click();
      await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');

      await page.goto('/createaccount');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.locator('[aria-invalid=true]').first()).toBeVisible();

      await screenAccessibility.checkOpenPages();
      expect(screenAccessibility.screens().filter((screen) => screen.startsWith(new URL(brand.origin).hostname)).length).toBeGreaterThanOrEqual(5);
    });

    test('the signed-in screens, an offer and the profile with its dialog', async ({ page, screenAccessibility }) => {
      const profile = new ProfilePage(page);
      await profile.signIn(brand.member, 'Password1');
      const shell = new AppShell(page);
      await expect(shell.offers()).toBeVisible();
      await shell.tab(brand.secondTab).click();
      await expect(shell.visiblePage().getByRole('list', { name: brand.secondTab })).toBeVisible();
      await shell.tab('More').click();
      await shell.expectShowing('/more');
      await shell.tab(brand.name === 'Aurora' ? 'Home' : 'Start').click();
      await shell.openFirstOffer();
      await expect(shell.visiblePage().getByRole('heading', { level: 1 })).toBeVisible();

      await profile.open();
      await profile.field('contact', 'phone').fill('12');
      await profile.save();
      await expect(profile.field('contact', 'phone')).toHaveAttribute('aria-invalid', 'true');
      await profile.askToDelete();
      await screenAccessibility.checkOpenPages();
      await profile.deleteDialog().getByRole('button', { name: 'Cancel' }).click();
      await expect(profile.deleteDialog()).toBeHidden();

      const screens = screenAccessibility.screens();
      expect(screens.some((screen) => screen.includes('dialogs:1'))).toBe(true);
      expect(screens.filter((screen) => screen.includes('/more/userinfo')).length).toBeGreaterThanOrEqual(2);
    });
  });
}

test('a screen that breaks a rule is reported with the rule, the element and the help', async ({ browser }) => {
  // A context of its own, so the planted violation does not fail this test through the fixture.
  const context = await browser.newContext({ baseURL: `http://aurora.localhost:${port}` });
  await outlineScreensIn(context);
  const page = await context.newPage();
  const watcher = ScreenAccessibility.watch(page);
  try {
    // The visitor's feed: a plain page (behind a dialog's backdrop axe cannot tell a contrast).
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.evaluate(() => {
      const faint = document.createElement('p');
      faint.id = 'faint-note';
      faint.textContent = 'Barely readable';
      faint.style.cssText = 'color: #c8c8c8; background: #ffffff; font-size: 14px;';
      document.querySelector('main, #root')!.append(faint);
    });
    expect(watcher.report()).toBeUndefined();
    await watcher.checkOpenPages();
    const report = watcher.report() ?? '';
    expect(report).toContain('color-contrast (serious)');
    expect(report).toContain('#faint-note');
    expect(report).toContain('Elements must meet minimum color contrast ratio thresholds');
    expect(report).toMatch(/dequeuniversity\.com\/rules\/axe\/4\.13\/color-contrast/);
  } finally {
    watcher.stop();
    await context.close();
  }
});
