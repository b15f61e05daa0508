import type { Frame } from '@playwright/test';
import { osloRestaurants } from '../server/db/seed/restaurantsOslo.ts';
import { stockholmRestaurants } from '../server/db/seed/restaurantsStockholm.ts';
import { serveFakeGoogleMaps } from './fakeGoogleMaps.ts';
import { expect, test } from './fixtures.ts';
import { RestaurantPages } from './pages/RestaurantPages.ts';
import { e2ePort as port } from './e2eServer.ts';

/**
 * The restaurant guide on both demo brands. The e2e server has a Google Maps key
 * (playwright.config.ts), and Google's script is served by a stand-in (fakeGoogleMaps.ts): the
 * map's markers are real buttons the app placed. Without a key (the map settings answered with
 * none) the guide is the list. Booking goes through our own widget in the dialog's frame, and its
 * confirmation lands in the outbox.
 */
const brands = [
  { name: 'Aurora', origin: `http://aurora.localhost:${port}`, email: 'member@aurora.test', guide: stockholmRestaurants },
  { name: 'Borealis', origin: `http://borealis.localhost:${port}`, email: 'member@borealis.test', guide: osloRestaurants },
] as const;

type Mail = { subject: string; text: string; attachments: { filename: string; contentType: string }[] };

async function outboxFor(request: import('@playwright/test').APIRequestContext, to: string): Promise<Mail[]> {
  const response = await request.get(`http://127.0.0.1:${port}/dev/outbox.json?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { mails: Mail[] }).mails;
}

/** The widget's own page, inside the booking dialog's frame. */
async function widgetFrame(page: import('@playwright/test').Page, title: string): Promise<Frame> {
  const element = page.getByTitle(title, { exact: true });
  await expect(element).toBeVisible();
  const frame = await (await element.elementHandle())!.contentFrame();
  if (!frame) throw new Error('the booking dialog has no frame');
  // The frame exists before it has navigated to the widget (its URL is still empty then).
  await frame.waitForURL((url) => url.protocol.startsWith('http'));
  await frame.waitForLoadState('domcontentloaded');
  return frame;
}

for (const brand of brands) {
  const bookable = brand.guide.find((r) => r.booking && !r.hidden)!;
  const listed = brand.guide.filter((r) => !r.hidden);

  test.describe(`Restaurants on ${brand.name}`, () => {
    test('map → marker → restaurant page → book a table → the confirmation mail', async ({ page, request }) => {
      await serveFakeGoogleMaps(page);
      const guide = new RestaurantPages(page);
      await guide.signIn(brand.origin, brand.email);
      await guide.openGuide();

      // The info pop-up greets the first visit, and closes back to the map.
      await expect(guide.infoDialog()).toBeVisible();
      await expect(guide.infoDialog()).toContainText('Tap a marker');
      await guide.infoDialog().getByRole('button', { name: 'Close' }).click();
      await expect(guide.infoDialog()).toBeHidden();

      // One marker per restaurant in the guide (the hidden one left out), 33×33.
      await expect(guide.map().getByRole('button')).toHaveCount(listed.length);
      const marker = guide.marker(bookable.name);
      const box = (await marker.locator('img').boundingBox())!;
      // Layout comes in sub-pixel fractions: 33 within a hundredth of a pixel.
      expect(box.width).toBeCloseTo(33, 2);
      expect(box.height).toBeCloseTo(33, 2);
      await marker.click();
      await expect(guide.panel()).toContainText(bookable.name);
      await expect(guide.panel()).toContainText(bookable.address);
      await expect(guide.map()).toHaveAttribute('data-zoom', '15');
      await expect(guide.map()).toHaveAttribute('data-center', `${bookable.lat.toFixed(4)},${bookable.lng.toFixed(4)}`);

      await guide.panel().getByRole('link', { name: 'Go to restaurant' }).click();
      await guide.expectShowing(`/more/restaurant/s/${bookable.id}`);
      await expect(guide.heading()).toHaveText(bookable.name);
      await expect(guide.visiblePage().getByRole('link', { name: bookable.phone })).toHaveAttribute('href', `tel:${bookable.phone.replace(/[^\d+]/g, '')}`);

      await guide.bookButton().click();
      const dialog = guide.bookingDialog(bookable.name);
      await expect(dialog).toBeVisible();
      const widget = await widgetFrame(page, `Table booking at ${bookable.name}`);
      expect(new URL(widget.url()).searchParams.get('lang')).toBe('en');
      // One heading, the widget's: the dialog around it says nothing more in other words.
      await expect(dialog.getByRole('heading')).toHaveCount(0);
      await expect(widget.getByRole('heading')).toHaveText([`Book a table at ${bookable.name}`]);
      // In the brand's colours, as the dialog is: its background, text and primary (the "Show available times" button's).
      const dialogColours = await dialog.evaluate((element) => {
        const style = getComputedStyle(element);
        const probe = document.createElement('span');
        probe.style.color = getComputedStyle(document.documentElement).getPropertyValue('--klubb-color-primary');
        element.append(probe);
        const primary = getComputedStyle(probe).color;
        probe.remove();
        return { background: style.backgroundColor, text: style.color, primary };
      });
      const widgetColours = await widget.locator('html').evaluate((html) => {
        const button = html.querySelector('button.secondary')!;
        return { background: getComputedStyle(html).backgroundColor, text: getComputedStyle(html).color, primary: getComputedStyle(button).color };
      });
      expect(widgetColours).toEqual(dialogColours);

      // The second bookable day: the first may be today, with its seatings already begun.
      const date = widget.getByLabel('Date');
      const days = await date.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      await date.selectOption(days[1]!);
      await widget.getByLabel('Number of guests').selectOption('2');
      await widget.getByRole('button', { name: 'Show available times' }).click();
      // The chosen day's times come on a new page (a GET form): fill that one, not the one it replaces
      // (the first page may already show today's times).
      await widget.waitForURL((url) => url.searchParams.get('date') === days[1] && url.searchParams.get('party') === '2');
      await widget.getByRole('radio').first().check();
      const guest = `guest-${brand.name.toLowerCase()}-${Date.now()}@example.com`;
      await widget.getByLabel('Name').fill('Alva Gäst');
      await widget.getByLabel('E-mail').fill(guest);
      await widget.getByLabel('Phone').fill(brand.name === 'Aurora' ? '+46 70 123 45 67' : '+47 912 34 567');
      // Tab past the widget's last control leaves its frame, which the dialog's trap cannot see: focus stays in the dialog, on Close.
      await widget.getByRole('button', { name: 'Book table' }).focus();
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
      await widget.getByRole('button', { name: 'Book table' }).click();
      await expect(widget.getByRole('heading', { name: 'Your table is booked' })).toBeVisible();

      await expect.poll(async () => (await outboxFor(request, guest)).length).toBe(1);
      const [mail] = await outboxFor(request, guest);
      expect(mail!.subject).toContain(bookable.name);
      expect(mail!.text).toContain('/booking/cancel/');
      expect(mail!.attachments.map((a) => a.contentType)).toContainEqual(expect.stringContaining('text/calendar'));

      // Closed with its button, the dialog gives focus back to the booking button.
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await expect(guide.bookButton()).toBeFocused();
    });

    test('without a maps key the guide is a list that leads to each restaurant (desktop width)', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.route('**/v1/get/brand/role/restaurant_maps_settings', async (route) => {
        // Node does not resolve *.localhost: the same call on the server's address (X-App-Url names the brand).
        const url = new URL(route.request().url());
        url.hostname = '127.0.0.1';
        const response = await route.fetch({ url: url.toString() });
        await route.fulfill({ response, json: { ...(await response.json()), apiKey: null } });
      });
      const guide = new RestaurantPages(page);
      await guide.signIn(brand.origin, brand.email);
      await guide.openGuide();
      // The first-visit help speaks of the list on screen, not of a map's markers.
      await expect(guide.infoDialog()).toContainText('Tap a restaurant in the list');
      await expect(guide.infoDialog()).not.toContainText('marker');
      await guide.infoDialog().getByRole('button', { name: 'Close' }).click();
      await expect(guide.visiblePage().getByText('The map is not available for this brand. Here are the restaurants as a list.')).toBeVisible();
      await expect(guide.list().getByRole('listitem')).toHaveCount(listed.length);
      const withoutBooking = listed.find((r) => !r.booking)!;
      await guide.list().getByRole('link', { name: withoutBooking.name }).click();
      await guide.expectShowing(`/more/restaurant/s/${withoutBooking.id}`);
      await expect(guide.heading()).toHaveText(withoutBooking.name);
      await expect(guide.bookButton()).toHaveCount(0);
    });
  });
}
