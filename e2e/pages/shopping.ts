import { expect, type Page } from '@playwright/test';
import { openSignInDialog, signInScope } from './SignInPage.ts';
import { e2ePort as port } from '../e2eServer.ts';

export { port };

/**
 * The seeded demo commerce of each brand (server/db/seed/commerce.ts): the featured event's
 * second evening in the first city has 6 standing tickets (`…-live-001-v2`), which the checkout
 * and waiting-list runs hold, free and buy; its third city has one evening with 120. Card
 * payment goes through the embedded Stripe stand-in.
 */
export const brands = {
  aurora: { origin: `http://aurora.localhost:${port}`, email: 'member@aurora.test', event: 'aurora-live-001', city: 'Stockholm', thirdCity: 'Malmö', name: 'Aurora' },
  borealis: { origin: `http://borealis.localhost:${port}`, email: 'member@borealis.test', event: 'borealis-live-001', city: 'Umeå', thirdCity: 'Kiruna', name: 'Borealis' },
} as const;
export type Brand = keyof typeof brands;

export const soldOut = 'Unfortunately the item for this offer is sold out.';

export async function signIn(page: Page, brand: Brand) {
  await page.goto(`${brands[brand].origin}/`);
  await openSignInDialog(page);
  await page.getByLabel('E-mail').fill(brands[brand].email);
  await page.getByLabel('Password', { exact: true }).fill('Password1');
  await (await signInScope(page)).getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Cart/ })).toBeVisible();
}

/** The demo member's cart is shared between tests: start from an empty one. */
export async function emptyCart(page: Page) {
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

/** Opens the featured event on its few-left evening. */
export async function openFewLeftEvening(page: Page, brand: Brand) {
  await page.goto(`${brands[brand].origin}/live/${brands[brand].event}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel('City', { exact: true }).selectOption({ label: brands[brand].city });
  await page.getByLabel('Time', { exact: true }).selectOption({ index: 2 });
}

export async function addTickets(page: Page, quantity: number) {
  await page.getByRole('button', { name: 'Buy tickets' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to cart' });
  const field = dialog.getByLabel('Quantity', { exact: true });
  await field.fill(String(quantity));
  await field.press('Enter');
  await expect(field).toHaveValue(String(quantity));
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: quantity === 1 ? /^Cart, 1 item/ : `Cart, ${quantity} items` })).toBeVisible();
}

export async function goToCheckout(page: Page) {
  await page.getByRole('button', { name: /^Cart/ }).click();
  await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Go to checkout' }).click();
  await expect(page.getByRole('form', { name: 'Card payment' })).toBeVisible();
}

export async function payWith(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel('Card number', { exact: true }).fill(number);
  await form.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/30');
  await form.getByLabel('CVC', { exact: true }).fill('123');
  await form.getByRole('button', { name: /^Pay / }).click();
}

/** Pays the open checkout with 4242… and answers the order number the confirmation shows. */
export async function payAndConfirm(page: Page): Promise<string> {
  await payWith(page, '4242 4242 4242 4242');
  const confirmation = page.getByRole('status', { name: 'Order confirmed' });
  await expect(confirmation).toContainText('Thank you for your order!');
  const orderNumber = ((await confirmation.getByText(/^Order number: /).textContent()) ?? '').replace('Order number: ', '').trim();
  expect(orderNumber).toBeTruthy();
  return orderNumber;
}

export interface OutboxMail {
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string }[];
}

/** The member's mails in the development outbox, newest first. */
export async function mailsTo(page: Page, email: string): Promise<OutboxMail[]> {
  const outbox = await page.request.get(`http://127.0.0.1:${port}/dev/outbox.json?to=${encodeURIComponent(email)}`);
  return ((await outbox.json()) as { mails: OutboxMail[] }).mails;
}
