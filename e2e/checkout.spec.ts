import { expect, test, type Page } from './fixtures.ts';

const port = Number(process.env.E2E_PORT ?? 8091);

// A purchase is a long walk (sign-in, the cascade, the drawer, the card form), checked for accessibility at every step.
test.describe.configure({ timeout: 240_000 });

/**
 * The seeded demo commerce of each brand (server/db/seed/commerce.ts): the featured event's
 * second evening in the first city has 6 standing tickets (`…-live-001-v2`), which these tests
 * hold, free and buy. Card payment goes through the embedded Stripe stand-in.
 */
const brands = {
  aurora: { origin: `http://aurora.localhost:${port}`, email: 'member@aurora.test', event: 'aurora-live-001', city: 'Stockholm', name: 'Aurora' },
  borealis: { origin: `http://borealis.localhost:${port}`, email: 'member@borealis.test', event: 'borealis-live-001', city: 'Umeå', name: 'Borealis' },
} as const;
type Brand = keyof typeof brands;

const soldOut = 'Unfortunately the item for this offer are sold out.';

async function signIn(page: Page, brand: Brand) {
  await page.goto(`${brands[brand].origin}/`);
  await page.getByLabel('E-mail').fill(brands[brand].email);
  await page.getByLabel('Password', { exact: true }).fill('Password1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Cart/ })).toBeVisible();
}

/** The demo member's cart is shared between tests: start from an empty one. */
async function emptyCart(page: Page) {
  await page.getByRole('button', { name: /^Cart/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(drawer.getByRole('list').or(drawer.getByText('Your cart is empty'))).toBeVisible();
  while ((await drawer.getByRole('listitem').count()) > 0) {
    const before = await drawer.getByRole('listitem').count();
    await drawer.getByRole('listitem').first().getByRole('button', { name: /^Remove / }).click();
    await expect(drawer.getByRole('listitem')).toHaveCount(before - 1);
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

/** Opens the featured event on its few-left evening; answers whether it can be bought now. */
async function openFewLeftEvening(page: Page, brand: Brand) {
  await page.goto(`${brands[brand].origin}/live/${brands[brand].event}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel('City', { exact: true }).selectOption({ label: brands[brand].city });
  await page.getByLabel('Time', { exact: true }).selectOption({ index: 2 });
}

async function addTickets(page: Page, quantity: number) {
  await page.getByRole('button', { name: 'Buy tickets' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to cart' });
  const field = dialog.getByLabel('Quantity', { exact: true });
  await field.fill(String(quantity));
  await field.press('Enter');
  await expect(field).toHaveValue(String(quantity));
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Cart, ${quantity} items` })).toBeVisible();
}

async function goToCheckout(page: Page) {
  await page.getByRole('button', { name: /^Cart/ }).click();
  await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Go to checkout' }).click();
  await expect(page.getByRole('form', { name: 'Card payment' })).toBeVisible();
}

async function payWith(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel('Card number', { exact: true }).fill(number);
  await form.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/30');
  await form.getByLabel('CVC', { exact: true }).fill('123');
  await form.getByRole('button', { name: /^Pay / }).click();
}

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
      const toggle = page.locator(`button[aria-controls="order-${orderNumber}"]`);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
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
