import { devices, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, markGuideSeen, test } from './fixtures.ts';
import { openSignInDialog } from './pages/SignInPage.ts';
import { browserWithCamera, qrVideo } from './support/fakeCamera.ts';
import { buyDoorTickets, doorApi, doorBrands, doorEvening, doorPack, headersOf, type DoorBrand } from './support/doorTickets.ts';

/*
 * Door check-in (issue 43) in the browser: door staff scan tickets through Chromium's fake camera,
 * which plays a QR code we draw into a Y4M video (e2e/support/fakeCamera.ts), read by jsQR as on
 * any Chromium on Linux. Tickets are bought through the API as the app buys them.
 */
test.describe.configure({ timeout: 120_000 });

const ticketIdOf = (code: string) => (JSON.parse(Buffer.from(code.split('.')[1]!, 'base64url').toString('utf8')) as { t: string }).t;

/** A phone with the camera allowed, in a browser whose camera shows the given video. */
async function doorPhone(browser: Browser, brand: DoorBrand): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    deviceScaleFactor: 1,
    locale: 'en-US',
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
    permissions: ['camera'],
  });
  await context.grantPermissions(['camera'], { origin: doorBrands[brand].origin });
  await context.addInitScript(markGuideSeen);
  return { context, page: await context.newPage() };
}

/** Door staff sign in: the Door tab and More, no shop, no cart; the door is named and tonight's evening chosen. */
async function openDoor(page: Page, brand: DoorBrand, door: string) {
  await page.goto(`${doorBrands[brand].origin}/`);
  await openSignInDialog(page);
  await page.getByLabel('E-mail').fill(doorBrands[brand].door);
  await page.getByLabel('Password', { exact: true }).fill('Password1');
  await page.getByRole('dialog').getByRole('button', { name: 'Sign in', exact: true }).click();
  const tabs = page.getByRole('navigation', { name: 'Main' });
  await expect(tabs.getByRole('link')).toHaveText(['Door', 'More']);
  await expect(page.getByRole('heading', { name: 'Door', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Cart/ })).toHaveCount(0);
  await page.getByLabel('Name of this door').fill(door);
  await page.getByRole('list', { name: 'Evenings' }).getByRole('button', { name: /Club night at Klubbhuset/ }).click();
  await expect(page.getByRole('textbox', { name: 'Ticket code' })).toBeVisible();
}

/** The answer over the screen (role status, announced at once). */
const answer = (page: Page) => page.locator('[role="status"][aria-live="assertive"]');

/** Types a code by hand (a broken camera) and answers the verdict shown. */
async function enterCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Ticket code' }).fill(code);
  await page.getByRole('button', { name: 'Check ticket' }).click();
}

async function nextTicket(page: Page) {
  const next = page.getByRole('button', { name: 'Next ticket' });
  await expect(next).toBeFocused();
  await next.click();
}

test('Aurora door: a paid ticket is admitted once by camera and refused the second time, naming the door; with no camera, codes typed by hand: forged and Borealis tickets refused', async ({ page, request, launchOptions }) => {
  const [{ codes: [code] }, { codes: [borealisCode] }] = await Promise.all([buyDoorTickets(request, 'aurora'), buyDoorTickets(request, 'borealis')]);
  const holder = (await doorPack(request, 'aurora')).tickets.find((ticket) => ticket.ticketId === ticketIdOf(code!))!;
  const browser = await browserWithCamera(launchOptions, qrVideo(code!, 'aurora'));
  try {
    const phone = (await doorPhone(browser, 'aurora')).page;
    await openDoor(phone, 'aurora', 'North gate');
    const count = phone.getByText(/^\d+ \/ \d+$/);
    const [admittedBefore, sold] = (await count.textContent())!.split(' / ').map(Number);

    await expect(answer(phone)).toContainText('Admitted', { timeout: 20_000 });
    await expect(answer(phone)).toContainText(holder.holderName);
    await expect(answer(phone)).toContainText(holder.variantName);
    await expect(answer(phone)).toContainText('Club night at Klubbhuset');
    await nextTicket(phone);
    await expect(count).toHaveText(`${admittedBefore! + 1} / ${sold}`);

    // The camera still sees the same ticket: this time it is refused, naming the door that let it in.
    await expect(answer(phone)).toContainText('Already admitted', { timeout: 20_000 });
    await expect(answer(phone)).toContainText('door North gate');
  } finally {
    await browser.close();
  }

  // Another door of the venue whose phone has no camera: the codes are typed.
  await openDoor(page, 'aurora', 'South door');
  await expect(page.getByText('The camera is not available.')).toBeVisible();
  const [head, payload, signature] = code!.split('.');
  await enterCode(page, `${head}.${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`);
  await expect(answer(page)).toContainText('Not a valid ticket');
  await nextTicket(page);
  await enterCode(page, borealisCode!);
  await expect(answer(page)).toContainText('Not a ticket of this venue');
  await nextTicket(page);
  await enterCode(page, code!);
  await expect(answer(page)).toContainText('Already admitted');
  await expect(answer(page)).toContainText('door North gate');
});

test('Borealis door: a paid Borealis ticket is admitted by camera, then refused as already admitted; More has sign-out and language, not the member pages', async ({ request, launchOptions }) => {
  const { codes: [code] } = await buyDoorTickets(request, 'borealis');
  const browser = await browserWithCamera(launchOptions, qrVideo(code!, 'borealis'));
  try {
    const { page } = await doorPhone(browser, 'borealis');
    await openDoor(page, 'borealis', 'Main entrance');
    await expect(answer(page)).toContainText('Admitted', { timeout: 20_000 });
    await expect(answer(page)).not.toContainText('Already');
    await nextTicket(page);
    await expect(answer(page)).toContainText('Already admitted', { timeout: 20_000 });
    await expect(answer(page)).toContainText('door Main entrance');

    // Door staff use the app's More: language and sign-out, none of a member's own pages.
    const tabs = page.getByRole('navigation', { name: 'Main' });
    await tabs.getByRole('link', { name: 'More' }).click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Language' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'My orders' })).toHaveCount(0);
    await tabs.getByRole('link', { name: 'Door' }).click();
    await expect(page.getByRole('heading', { name: 'Door', level: 1 })).toBeVisible();
  } finally {
    await browser.close();
  }
});

test('offline: two doors admit the same ticket from their packs; one reloads with the API out of reach and still scans; back online both are told of the double entry', async ({ request, launchOptions }) => {
  const { codes: [code] } = await buyDoorTickets(request, 'aurora');
  // A browser per door: Chromium's camera from a file serves one page at a time.
  const video = qrVideo(code!, 'aurora-offline');
  const browsers = await Promise.all([browserWithCamera(launchOptions, video), browserWithCamera(launchOptions, video)]);
  try {
    const doors = await Promise.all(browsers.map((browser) => doorPhone(browser, 'aurora')));
    const names = ['West door', 'East door'];
    await Promise.all(
      doors.map(async ({ page, context }, index) => {
        // The camera reads the ticket as soon as the evening is open, maybe before the network
        // goes: a check-in that finds no network is answered on the device all the same.
        await page.route('**/v1/door/check-ins', (route) => route.abort('internetdisconnected'));
        await openDoor(page, 'aurora', names[index]!);
        await context.setOffline(true);
        await expect(page.getByText('Offline: checking on this device')).toBeVisible();
        await expect(page.getByText('1 check-in waiting to sync')).toBeVisible({ timeout: 20_000 });
      }),
    );
    // The first door reloads while the API is still out of reach (the page itself loads): it is
    // still door staff (the brand role saved on the device), on the evening, with its admission.
    const [west] = doors;
    const apiCall = (url: URL) => url.pathname.startsWith('/v1/');
    await west!.page.route(apiCall, (route) => route.abort('internetdisconnected'));
    await west!.context.setOffline(false);
    await west!.page.reload();
    await expect(west!.page.getByRole('heading', { name: 'Door', level: 1 })).toBeVisible();
    await expect(west!.page.getByText('1 check-in waiting to sync')).toBeVisible();
    await expect(west!.page.getByText('Offline: checking on this device')).toBeVisible();
    await west!.page.unroute(apiCall);
    for (const { context, page } of doors) {
      await page.unroute('**/v1/door/check-ins');
      await context.setOffline(false);
    }
    for (const [index, { page }] of doors.entries()) {
      const notice = page.getByRole('region', { name: 'Double entries' });
      await expect(notice, `door ${index + 1} is told`).toContainText('Double entry', { timeout: 30_000 });
      await expect(notice).toContainText(names[0]!);
      await expect(notice).toContainText(names[1]!);
      await expect(page.getByText(/waiting to sync/)).toHaveCount(0);
    }
  } finally {
    await Promise.all(browsers.map((browser) => browser.close()));
  }
});

test('a member: 403 on every door route, no Door tab, and no page at /door', async ({ page, request }) => {
  const headers = await headersOf(request, 'aurora', doorBrands.aurora.member);
  const refusal = { status: 403, code: 'door/not-door-staff', message: 'Only door staff can check tickets in' };
  const { eveningId } = doorEvening('aurora');
  const deviceId = 'member-device-1';
  const calls = [
    request.get(`${doorApi.local}/v1/door/evenings`, { headers }),
    request.get(`${doorApi.local}/v1/door/evenings/${eveningId}/pack`, { headers }),
    request.post(`${doorApi.local}/v1/door/check-ins`, { headers, data: { eveningId, code: 'a.b.c', door: 'North', deviceId } }),
    request.post(`${doorApi.local}/v1/door/sync`, { headers, data: { eveningId, door: 'North', deviceId, checkIns: [] } }),
  ];
  for (const answered of await Promise.all(calls)) {
    expect(answered.status(), answered.url()).toBe(403);
    expect(await answered.json()).toMatchObject(refusal);
  }

  await page.goto(`${doorBrands.aurora.origin}/`);
  await openSignInDialog(page);
  await page.getByLabel('E-mail').fill(doorBrands.aurora.member);
  await page.getByLabel('Password', { exact: true }).fill('Password1');
  await page.getByRole('dialog').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Cart/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Door' })).toHaveCount(0);
  await page.goto(`${doorBrands.aurora.origin}/door`);
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
});
