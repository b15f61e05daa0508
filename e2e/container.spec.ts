import { expect, test, type Page } from './fixtures.ts';
import { MoreContentPages } from './pages/MoreContentPages.ts';
import { iosWebViewUserAgent, simulatedContainer, type SimulatedContainerState } from './simulatedContainer.ts';
import { e2ePort as port } from './e2eServer.ts';

/** One brand per container, so each member's record starts without a push token. */
const platforms = [
  { kind: 'ios', brand: 'Aurora', origin: `http://aurora.localhost:${port}`, email: 'member@aurora.test', containerType: 'ios-wv', sends: 'Sent to the container' },
  { kind: 'android', brand: 'Borealis', origin: `http://borealis.localhost:${port}`, email: 'member@borealis.test', containerType: 'android-wv', sends: 'Not available in this container' },
] as const;

/** A 2×3 PNG: the fake https image the container serves. */
const png2x3 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEElEQVR42mP8z8DAwMjAAAAQBAEBHLmQ4gAAAABJRU5ErkJggg==', 'base64');

const container = (page: Page) => page.evaluate(() => (window as unknown as { simulatedContainer: SimulatedContainerState }).simulatedContainer);

/** The brand in its test mode (the page is hidden otherwise in a production build). */
async function brandInTestMode(page: Page) {
  await page.route('**/v1/get/brand?*', async (route) => {
    // Node does not resolve *.localhost: asked on the server's own host (the app URL names the brand).
    const url = new URL(route.request().url());
    url.hostname = 'localhost';
    const response = await route.fetch({ url: url.href });
    const brand = (await response.json()) as { settings: Record<string, unknown> };
    await route.fulfill({ response, json: { ...brand, settings: { ...brand.settings, testMode: true } } });
  });
}

for (const platform of platforms) {
  test.describe(`in the ${platform.kind} container (${platform.brand})`, () => {
    if (platform.kind === 'ios') test.use({ userAgent: iosWebViewUserAgent });

    // One page load (and one reload) for every check: long on a loaded two-core machine.
    test.describe.configure({ timeout: 90_000 });

    test('sends the push token once 10 s after content opens, not again unchanged; the test page and outside links', async ({ page }) => {
      const token = `fcm-${platform.kind}:APA91b-e2e`;
      const tokensSent: unknown[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PUT' && request.url().endsWith('/v1/update/user')) tokensSent.push(request.postDataJSON());
      });
      await page.clock.install();
      await brandInTestMode(page);
      await page.route(`https://${new URL(platform.origin).host}/media/**`, (route) => route.fulfill({ contentType: 'image/png', body: png2x3 }));
      await page.addInitScript(simulatedContainer, { kind: platform.kind, pushToken: token });

      const pages = new MoreContentPages(page);
      await pages.signIn(platform.origin, platform.email);
      await page.clock.fastForward(10_000);
      await expect.poll(() => tokensSent).toEqual([{ pushNotificationToken: token }]);

      await pages.openMore();
      await pages.visiblePage().getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'App development', exact: true }).click();
      await pages.expectShowing('/more/dev_test');
      const status = (button: string) => pages.visiblePage().getByRole('listitem').filter({ has: page.getByRole('button', { name: button, exact: true }) }).getByRole('status');
      const press = (button: string) => pages.visiblePage().getByRole('button', { name: button, exact: true }).click();

      // Reloaded, content opens again: the token is read again after 10 s but, unchanged, not sent.
      await press('Reload');
      await expect(pages.heading()).toHaveText('Test page');
      await page.clock.fastForward(10_000);
      await expect.poll(async () => (await container(page)).calls.filter((call) => call.includes('get_fcm_token') || call === 'getFCMToken')).toHaveLength(1);

      const details = pages.visiblePage().getByRole('definition');
      await expect(details).toContainText([platform.containerType, '5.23.3 (build 500)', '5.23.3']);
      await press('Container init');
      await expect(status('Container init')).toHaveText('Container 5.23.3 (build 500)');
      await press('Get push token');
      await expect(status('Get push token')).toHaveText(`Push token: ${token}`);
      for (const button of ['Register push', 'Unregister push', 'Allow tracking']) {
        await press(button);
        await expect(status(button)).toHaveText(platform.sends);
      }
      await press('Load fake https image');
      await expect(status('Load fake https image')).toHaveText('Image loaded (2 × 3)');
      await page.evaluate(() => void ((window as unknown as { simulatedContainer: SimulatedContainerState }).simulatedContainer.silent = true));
      await press('Get push token');
      await page.clock.fastForward(1000);
      await expect(status('Get push token')).toHaveText('Failed: Timeout limit reached');
      if (platform.kind === 'ios') {
        expect((await container(page)).calls).toEqual(
          expect.arrayContaining(['registerForPushNotifications', 'unRegisterForPushNotifications', 'promptAllowTracking']),
        );
      }

      // An outside link opens through the container's scheme, in place: no new window.
      await pages.openMore();
      await pages.openTile('About');
      await pages.visiblePage().getByRole('link', { name: 'Terms of membership', exact: true }).click();
      await expect.poll(async () => (await container(page)).opened).toEqual([`klubb://${new URL(platform.origin).host}/media/brand/${platform.brand.toLowerCase()}/terms.html`]);
      expect(page.context().pages()).toHaveLength(1);
      expect(tokensSent).toHaveLength(1);
    });
  });
}
