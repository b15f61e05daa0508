import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './fixtures.ts';
import { verifyTicket } from '../server/tickets/ticketCodes.ts';
import { addTickets, brands, emptyCart, goToCheckout, mailsTo, openFewLeftEvening, payAndConfirm, port, signIn, soldOut, type Brand } from './pages/shopping.ts';

// Whole purchases and a waiting line, checked for accessibility at every step.
test.describe.configure({ timeout: 240_000 });

/** Opens the featured event in its third city: one evening, plenty of tickets. */
async function openThirdCityEvening(page: Page, brand: Brand) {
  await page.goto(`${brands[brand].origin}/live/${brands[brand].event}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel('City', { exact: true }).selectOption({ label: brands[brand].thirdCity });
  await expect(page.getByRole('button', { name: 'Buy tickets' })).toBeEnabled();
}

/** The brand's ticket keys as a door scanner fetches them. */
async function publicKeys(page: Page, brand: Brand) {
  const response = await page.request.get(`http://127.0.0.1:${port}/v1/get/tickets/public_keys?appUrl=${encodeURIComponent(brands[brand].origin)}`);
  expect(response.status()).toBe(200);
  return response.json();
}

for (const brand of Object.keys(brands) as Brand[]) {
  test.describe(`tickets, ${brands[brand].name}`, () => {
    test('an order of two tickets shows two QR codes that verify with the brand key; the evening downloads as a calendar file', async ({ page }) => {
      await signIn(page, brand);
      await emptyCart(page);
      await openThirdCityEvening(page, brand);
      await addTickets(page, 2);
      await goToCheckout(page);
      const orderNumber = await payAndConfirm(page);

      await page.getByRole('status', { name: 'Order confirmed' }).getByRole('link', { name: 'See your orders' }).click();
      // The member knows the order by its reference; its id (in the ticket codes) stays internal.
      const toggle = page.getByRole('button', { name: new RegExp(`^Order ${orderNumber}\\b`) });
      const orderId = ((await toggle.getAttribute('aria-controls')) ?? '').replace(/^order-/, '');
      await toggle.click();
      const panel = page.getByRole('region', { name: `Order ${orderNumber}` });
      const codes = panel.getByRole('img', { name: /^Ticket \d of 2: .+ Show this QR code at the door\.$/ });
      await expect(codes).toHaveCount(2);
      await expect(codes.first()).toHaveAccessibleName(/^Ticket 1 of 2: /);
      const contents = await codes.evaluateAll((images) => images.map((image) => image.getAttribute('data-qr-content') ?? ''));
      expect(new Set(contents).size).toBe(2);
      const keys = await publicKeys(page, brand);
      for (const code of contents) {
        const checked = await verifyTicket(code, keys, brand);
        expect(checked).toMatchObject({ ok: true, claims: { orderId, offerId: brands[brand].event, brandId: brand } });
      }
      // A code from the other brand, or one altered by a character, does not pass.
      expect(await verifyTicket(contents[0]!, keys, brand === 'aurora' ? 'borealis' : 'aurora')).toEqual({ ok: false, reason: 'wrong_brand' });
      const [head, payload, signature] = contents[0]!.split('.');
      const altered = `${head}.${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
      expect((await verifyTicket(altered, keys, brand)).ok).toBe(false);

      // The same tickets, as inline images, in the order mail.
      const mail = (await mailsTo(page, brands[brand].email)).find((m) => m.text.includes(orderNumber));
      expect(mail?.attachments.filter((a) => a.contentType === 'image/gif').map((a) => a.filename)).toEqual(['ticket-1-1.gif', 'ticket-1-2.gif']);
      for (const code of contents) expect(mail!.text).toContain(code);

      // Add to calendar: the ICS file downloads with the evening in it; the web calendar link names it too.
      const calendar = panel.getByRole('group', { name: /^Add .+ to your calendar$/ });
      await expect(calendar.getByRole('link', { name: 'Add to Google Calendar' })).toHaveAttribute('href', /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&.*dates=\d{8}T\d{4}00Z%2F\d{8}T\d{4}00Z/);
      const [download] = await Promise.all([page.waitForEvent('download'), calendar.getByRole('button', { name: 'Download calendar file' }).click()]);
      expect(download.suggestedFilename()).toMatch(/\.ics$/);
      const ics = await readFile((await download.path())!, 'utf8');
      expect(ics).toContain('BEGIN:VEVENT');
      expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
      expect(ics).toContain(`UID:${orderId}-1@klubb`);

      // Once bought, the offer page lists the evening with its calendar entry.
      await openThirdCityEvening(page, brand);
      const bought = page.getByRole('region', { name: 'Your tickets' });
      await expect(bought.getByRole('button', { name: 'Download calendar file' }).first()).toBeVisible();
    });

    test('joining a sold-out evening’s waiting list: a freed place is mailed, held and bought', async ({ page, context }) => {
      await signIn(page, brand);
      await emptyCart(page);
      // The member's checkout in one tab holds every ticket left of the evening.
      await openFewLeftEvening(page, brand);
      const left = Number(((await page.getByText(/^\d+ left$/).textContent()) ?? '').split(' ')[0]);
      expect(left).toBeGreaterThan(0);
      await addTickets(page, left);
      await goToCheckout(page);

      // In another tab the evening is sold out: the member lines up.
      const other = await context.newPage();
      await openFewLeftEvening(other, brand);
      await expect(other.getByText(soldOut).first()).toBeVisible();
      const line = other.getByRole('region', { name: 'Waiting list' });
      await line.getByRole('button', { name: 'Join the waiting list' }).click();
      await expect(line.getByRole('status')).toHaveText('You are number 1 in line.');
      await expect(line.getByRole('button', { name: 'Leave the waiting list' })).toBeVisible();

      // The checkout is given up: its tickets come free, and the first in line is offered one.
      await page.getByRole('button', { name: 'Cancel payment' }).click();
      await expect(page.getByText('Payment cancelled.')).toBeVisible();
      let offer: { text: string } | undefined;
      await expect(async () => {
        offer = (await mailsTo(page, brands[brand].email)).find((m) => m.subject === `A place is free for you at ${brands[brand].name}`);
        expect(offer).toBeTruthy();
      }).toPass({ timeout: 15_000 });
      const link = /Buy your ticket: (\S+)/.exec(offer!.text)?.[1];
      expect(link).toBe(`${brands[brand].origin}/live/${brands[brand].event}`);

      // The mail's link: the place is held for this member, and buying it ends the wait.
      await other.goto(link!);
      await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
      await emptyCart(other);
      await other.getByLabel('City', { exact: true }).selectOption({ label: brands[brand].city });
      await other.getByLabel('Time', { exact: true }).selectOption({ index: 2 });
      await expect(line.getByRole('status')).toHaveText(/^A place is held for you until .+\. Buy it before then, or give it up for the next in line\.$/);
      await addTickets(other, 1);
      await goToCheckout(other);
      await payAndConfirm(other);

      await openFewLeftEvening(other, brand);
      await expect(other.getByRole('region', { name: 'Waiting list' })).toHaveCount(0);
      await other.close();
    });
  });
}
