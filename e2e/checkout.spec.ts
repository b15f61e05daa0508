import { expect, markGuideSeen, test, type Page } from './fixtures.ts';
import { addTickets, brands, emptyCart, goToCheckout, openFewLeftEvening, payWith, port, signIn, soldOut, type Brand } from './pages/shopping.ts';

// A purchase is a long walk (sign-in, the cascade, the drawer, the card form), checked for accessibility at every step.
test.describe.configure({ timeout: 240_000 });

for (const brand of Object.keys(brands) as Brand[]) {
  test.describe(`checkout, ${brands[brand].name}`, () => {
    test('an open checkout holds the last tickets; cancelling it frees them', async ({ page, context }) => {
      await signIn(page, brand);
      await emptyCart(page);
      await openFewLeftEvening(page, brand);
      await addTickets(page, 6);
      await goToCheckout(page);

      // Another tab sees the evening sold out while this checkout holds all six.
      const other = await context.newPage();
      await openFewLeftEvening(other, brand);
      await expect(other.getByText(soldOut).first()).toBeVisible();
      await expect(other.getByRole('button', { name: 'Buy tickets' })).toBeDisabled();

      await page.getByRole('button', { name: 'Cancel payment' }).click();
      await expect(page.getByText('Payment cancelled.')).toBeVisible();
      await openFewLeftEvening(other, brand);
      await expect(other.getByRole('button', { name: 'Buy tickets' })).toBeEnabled();
      await expect(other.getByText(soldOut)).toHaveCount(0);
      await other.close();
    });

    test('buys two tickets: declined and insufficient-funds cards first, then 4242 4242 4242 4242; the order mail has its calendar file', async ({ page, request }) => {
      await signIn(page, brand);
      await emptyCart(page);
      await openFewLeftEvening(page, brand);
      await addTickets(page, 2);
      await goToCheckout(page);
      const form = page.getByRole('form', { name: 'Card payment' });
      await expect(form.getByLabel('E-mail', { exact: true })).toHaveValue(brands[brand].email);
      await expect(page.getByText(/^To pay: /)).toBeVisible();

      await payWith(page, '4000 0000 0000 0002');
      await expect(form.getByRole('alert')).toHaveText('Your card was declined');
      await payWith(page, '4000 0000 0000 9995');
      await expect(form.getByRole('alert')).toHaveText('Your card has insufficient funds.');
      await payWith(page, '4242 4242 4242 4242');

      const confirmation = page.getByRole('status', { name: 'Order confirmed' });
      await expect(confirmation).toContainText('Thank you for your order!');
      const orderNumber = ((await confirmation.getByText(/^Order number: /).textContent()) ?? '').replace('Order number: ', '').trim();
      expect(orderNumber).toBeTruthy();
      // The cart was emptied by the order.
      await expect(page.getByRole('button', { name: 'Cart, empty' })).toBeVisible();

      // The order on /more/orderHistory: a closed panel that opens to its details.
      await confirmation.getByRole('link', { name: 'See your orders' }).click();
      await expect(page.getByRole('heading', { name: 'My orders', level: 1 })).toBeVisible();
      const panel = page.getByRole('region', { name: `Order ${orderNumber}` });
      const toggle = page.getByRole('button', { name: new RegExp(`^Order ${orderNumber}\\b`) });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      // Closed means not drawn at all, whatever display the panel's class sets.
      await expect(page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`)).toBeHidden();
      await toggle.click();
      await expect(panel).toBeVisible();
      await expect(panel).toContainText('Number of tickets');
      await expect(panel.getByRole('definition').filter({ hasText: /^2$/ })).toHaveCount(1);

      const outbox = await request.get(`http://127.0.0.1:${port}/dev/outbox.json?to=${encodeURIComponent(brands[brand].email)}`);
      const { mails } = (await outbox.json()) as {
        mails: { subject: string; text: string; attachments: { filename: string; contentType: string }[] }[];
      };
      const mail = mails.find((m) => m.subject === `Your ${brands[brand].name} order` && m.text.includes(orderNumber!));
      expect(mail, `the order confirmation of ${orderNumber} is in the outbox: ${JSON.stringify(mails.map((m) => [m.subject, m.text.slice(0, 300)]))}`).toBeTruthy();
      expect(mail!.attachments.some((a) => a.filename.endsWith('.ics') && a.contentType.startsWith('text/calendar'))).toBe(true);
    });
  });
}

/**
 * Issue 39: one checkout per member. Opening a second one ends the first; the window that had the
 * first says so by itself, with no retry that cannot succeed: at once in the same browser (the
 * new window announces its checkout), within a few seconds on another device (the status of the
 * session on the server). Each test ends the checkout that won, so the evening's tickets are free.
 */
test.describe('a second checkout of the member', () => {
  const replaced = 'You started a new checkout in another window.';

  async function expectTold(page: Page) {
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(replaced);
    await expect(page.getByRole('form', { name: 'Card payment' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(alert.getByRole('link', { name: /^Back to the offer/ })).toBeVisible();
  }

  async function cancelCheckout(page: Page) {
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await expect(page.getByText('Payment cancelled.')).toBeVisible();
  }

  test('in another window of the browser ends the first, which says so without being touched', async ({ page, context }) => {
    await signIn(page, 'aurora');
    await emptyCart(page);
    await openFewLeftEvening(page, 'aurora');
    await addTickets(page, 1);
    await goToCheckout(page);

    const second = await context.newPage();
    await second.goto(`${brands.aurora.origin}/`);
    await expect(second.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    await goToCheckout(second);
    await expectTold(page);
    // The checkout that won goes on.
    await expect(second.getByRole('alert')).toHaveCount(0);
    await cancelCheckout(second);
    await second.close();
  });

  test('on another device ends the first, which learns it from the server', async ({ page, browser }) => {
    await signIn(page, 'aurora');
    await emptyCart(page);
    await openFewLeftEvening(page, 'aurora');
    await addTickets(page, 1);
    await goToCheckout(page);

    const device = await browser.newContext({ locale: 'en-US', reducedMotion: 'reduce' });
    await device.addInitScript(markGuideSeen);
    const other = await device.newPage();
    try {
      await signIn(other, 'aurora');
      await goToCheckout(other);
      // No window of this browser announced it: the first page's status of its session tells it.
      await expectTold(page);
      await cancelCheckout(other);
    } finally {
      await device.close();
    }
  });
});
