import { expect, test } from './fixtures.ts';
import { AppShell } from './pages/AppShell.ts';

// The app with its motion (the other specs run with reduced motion): pages slide in and out of the stack.
test.use({ reducedMotion: 'no-preference' });

test.describe('mobile', () => {
  test('tabs at the bottom, back button only away from a root', async ({ page }) => {
    const shell = await AppShell.signedIn(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const box = (await nav.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(page.viewportSize()!.height - 2);
    await expect(shell.backButton()).toHaveCount(0);
    await shell.openFirstOffer();
    await expect(shell.backButton()).toBeVisible();
    await expect(page.getByRole('button', { name: 'About' })).toHaveCount(0);
  });
});

test.describe('desktop', () => {
  test.use({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  });

  test('tabs at the top, a footer with About and FAQ, no back button at a root', async ({ page }) => {
    const shell = await AppShell.signedIn(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect((await nav.boundingBox())!.y).toBeLessThan(80);
    await expect(shell.backButton()).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toContainText('Aurora');
    await page.getByRole('button', { name: 'FAQ' }).click();
    await shell.expectShowing('/more/faq');
    await expect(shell.backButton()).toBeEnabled();
    const frame = await shell.visiblePage().boundingBox();
    expect(frame!.width).toBeLessThanOrEqual(800 + 1);
  });
});

test('the cart drawer opens and closes by keyboard alone', async ({ page }) => {
  await AppShell.signedIn(page);
  const cart = page.getByRole('button', { name: /^Cart/ });
  await cart.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(drawer).toBeVisible();
  // The demo member's cart is shared with the cart specs: it may hold lines or be empty.
  await expect(drawer.getByRole('list', { name: 'Items in the cart' }).or(drawer.getByText('Your cart is empty'))).toBeVisible();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await drawer.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(cart).toBeFocused();
});

test('a failed page load is told in a dialog that works by keyboard', async ({ page }) => {
  const shell = await AppShell.signedIn(page);
  await page.route(/\/v1\/get_list\/offer\?.*offset=30/, (route) => route.abort());
  await shell.offers().getByRole('link').last().scrollIntoViewIfNeeded();
  const dialog = page.getByRole('dialog', { name: 'Something went wrong' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Could not fetch the data just now. Please try again.');
  expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.unroute(/\/v1\/get_list\/offer/);
});
