import { expect, test } from './fixtures.ts';
import { brandContentOf, MoreContentPages } from './pages/MoreContentPages.ts';
import { e2ePort as port } from './e2eServer.ts';

/** Both demo brands; only Aurora has a chat (the seed). */
const brands = [
  { name: 'Aurora', origin: `http://aurora.localhost:${port}`, email: 'member@aurora.test', chat: true },
  { name: 'Borealis', origin: `http://borealis.localhost:${port}`, email: 'member@borealis.test', chat: false },
] as const;

const firstParagraph = (text: string) => text.split(/\n\s*\n/)[0]!.trim();

for (const brand of brands) {
  test.describe(`More content on ${brand.name}`, () => {
    test('the FAQ opens and closes an answer', async ({ page, request }) => {
      const content = await brandContentOf(request, brand.origin);
      expect(content.faq.length).toBeGreaterThan(0);
      const { question, answer } = content.faq[0]!;
      const pages = new MoreContentPages(page);
      await pages.signIn(brand.origin, brand.email);
      await pages.openMore();
      await pages.openTile('FAQ');
      await expect(pages.heading()).toHaveText('Frequently asked questions');
      await expect(pages.question(question)).toHaveAttribute('aria-expanded', 'false');
      await expect(pages.answerTo(question)).toBeHidden();

      await pages.question(question).click();
      await expect(pages.question(question)).toHaveAttribute('aria-expanded', 'true');
      await expect(pages.answerTo(question)).toBeVisible();
      await expect(pages.answerTo(question).locator('p').first()).toHaveText(firstParagraph(answer));

      // By keyboard too: the question is a real button.
      await pages.question(question).focus();
      await page.keyboard.press('Enter');
      await expect(pages.question(question)).toHaveAttribute('aria-expanded', 'false');
      await expect(pages.answerTo(question)).toBeHidden();
    });

    test('About shows the brand’s texts and reveals the push token state on the seventh tap', async ({ page, request }) => {
      const content = await brandContentOf(request, brand.origin);
      const pages = new MoreContentPages(page);
      await pages.signIn(brand.origin, brand.email);
      await pages.openMore();
      await pages.openTile('About');
      await expect(pages.heading()).toHaveText(content.about.header);
      await expect(pages.visiblePage().getByText(firstParagraph(content.about.body))).toBeVisible();
      const terms = pages.visiblePage().getByRole('link', { name: content.terms.label, exact: true });
      await expect(terms).toHaveAttribute('href', content.terms.url);
      await expect(terms).toHaveAttribute('target', '_blank');
      await expect(pages.visiblePage().getByRole('link', { name: content.gdpr.label, exact: true })).toHaveAttribute('href', content.gdpr.url);
      await expect(pages.visiblePage().getByRole('link', { name: content.contact.email })).toHaveAttribute('href', new RegExp(`^mailto:${content.contact.email}\\?subject=`));
      await expect(pages.visiblePage().getByRole('link', { name: content.contact.phone })).toHaveAttribute('href', `tel:${content.contact.phone.replace(/[^\d+]/g, '')}`);
      await expect(pages.version()).toHaveText('Version 5.23.3');
      await expect(pages.visiblePage().getByRole('link', { name: 'Show the guide again' })).toHaveAttribute('href', '/more/guide');

      for (let tap = 1; tap <= 6; tap++) await pages.version().click();
      await expect(pages.revealed()).toHaveText('');
      await pages.version().click();
      // A browser holds no push token; a native container would show it here.
      await expect(pages.revealed()).toHaveText('No push token on this device');
    });

    test(`Contact us shows the phone hours, and chat ${brand.chat ? 'because' : 'only where'} the brand has one`, async ({ page, request }) => {
      const content = await brandContentOf(request, brand.origin);
      expect(content.contact.chatUrl !== null).toBe(brand.chat);
      const pages = new MoreContentPages(page);
      await pages.signIn(brand.origin, brand.email);
      await pages.openMore();
      await expect(pages.moreContact().getByRole('link', { name: 'Chat with us' })).toHaveCount(brand.chat ? 1 : 0);
      await pages.openContactUs();
      await expect(pages.heading()).toHaveText('Contact us');

      await expect(pages.callUs().getByText(/^(Open now, until \d\d:\d\d\.|Closed now\.( Opens .+ at \d\d:\d\d\.)?)$/)).toBeVisible();
      const hours = await pages.phoneHours();
      expect(hours.length).toBeGreaterThan(0);
      for (const day of content.contact.supportHours.weekly) {
        expect(hours.some((line) => line.includes(`${day.opens}–${day.closes}`))).toBe(true);
      }
      const openDays = new Set(content.contact.supportHours.weekly.map((day) => day.day));
      expect(hours.some((line) => line.endsWith(' Closed'))).toBe(openDays.size < 7);
      if (content.contact.supportHours.note) await expect(pages.callUs().getByText(content.contact.supportHours.note)).toBeVisible();
      await expect(pages.callUs().getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:\+?\d+$/);

      if (brand.chat) {
        await expect(pages.chatButton()).toHaveAttribute('href', content.contact.chatUrl!);
        await expect(pages.chatButton()).toHaveAttribute('target', '_blank');
      } else {
        await expect(pages.chatButton()).toHaveCount(0);
      }

      const support = await pages.openSupport();
      const ways = ['Send an e-mail', ...(content.contact.messengerUrl ? ['Messenger'] : []), 'App feedback', 'Request an event'];
      await expect(support.getByRole('link')).toHaveText(ways);
      await expect(support.getByRole('link', { name: 'App feedback' })).toHaveAttribute('href', /^mailto:[^?]+\?subject=App%20feedback&body=.*Member%20ID%3A%20/);
      await page.keyboard.press('Escape');
      await expect(support).toBeHidden();
      await expect(pages.visiblePage().getByRole('button', { name: 'Support' })).toBeFocused();
    });
  });
}

test.describe('the desktop footer', () => {
  test.use({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  });

  test('About and FAQ open the real pages; the copyright line names the brand', async ({ page, request }) => {
    const content = await brandContentOf(request, brands[0].origin);
    const pages = new MoreContentPages(page);
    await pages.signIn(brands[0].origin, brands[0].email);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Aurora`);

    await footer.getByRole('button', { name: 'About' }).click();
    await pages.expectShowing('/more/about');
    await expect(pages.heading()).toHaveText(content.about.header);

    await footer.getByRole('button', { name: 'FAQ' }).click();
    await pages.expectShowing('/more/faq');
    await expect(pages.heading()).toHaveText('Frequently asked questions');
    await expect(pages.question(content.faq[0]!.question)).toBeVisible();
  });
});
