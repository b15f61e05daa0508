import { expect, test, type Page } from './fixtures.ts';
import { CreateAccountPage } from './pages/CreateAccountPage.ts';
import { OfferPage } from './pages/OfferPage.ts';
import { SetUpPage } from './pages/SetUpPage.ts';
import { addTickets, emptyCart, goToCheckout, payAndConfirm, type Brand } from './pages/shopping.ts';
import { TicketChoice, VisitorApp, visitorBrands } from './pages/VisitorPages.ts';
import { personalNumber, uniqueEmail } from './pages/newAccounts.ts';

// Issue 25: signed out, a brand's public offers open to visitors; buying, member-only offers and
// member pages ask them to sign in over the page they are on, and they go on from there.
// A purchase and a sign-up are long walks, checked for accessibility at every step.
test.describe.configure({ timeout: 180_000 });

const allBrands = Object.keys(visitorBrands) as Brand[];

const desktop = {
  viewport: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
};

/** The feed, Live and Search as a visitor; the sign-in dialog from the header; a member page; a deep link reloaded. */
async function browseSignedOut(page: Page, brand: Brand) {
  const b = visitorBrands[brand];
  const app = new VisitorApp(page);
  for (const path of ['/', '/live', '/search']) {
    await page.goto(`${b.origin}${path}`);
    await expect(app.visiblePage()).toHaveAttribute('data-path', path);
    await expect(app.firstOffer()).toBeVisible();
    await app.expectVisitorShell();
  }

  // The header's button opens the sign-in over the page; Escape closes it where the visitor was.
  await app.headerSignIn().click();
  const dialog = app.dialog();
  await expect(dialog.getByLabel('E-mail', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Create account' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(app.headerSignIn()).toBeFocused();
  await expect(page).toHaveURL(`${b.origin}/search`);

  // A member's page asks to sign in.
  await page.goto(`${b.origin}/more/orderHistory`);
  await expect(page.getByRole('heading', { name: 'Sign in to continue', level: 1 })).toBeVisible();
  await app.expectVisitorShell();

  // A shared link to a public offer opens signed out, and again after a reload.
  const offer = new OfferPage(page);
  await offer.open(`${b.origin}/live/${b.event}`);
  await expect(offer.title()).toHaveText(b.publicTitle);
  await page.reload();
  await expect(offer.title()).toHaveText(b.publicTitle);
  await expect(new TicketChoice(page).city()).toBeVisible();
  await app.expectVisitorShell();
}

/** A shared event link, a ticket chosen, Buy: sign in over the page, the same ticket still chosen, bought. */
async function buyFromSharedLink(page: Page, brand: Brand) {
  const b = visitorBrands[brand];
  const app = new VisitorApp(page);
  const offer = new OfferPage(page);
  const choice = new TicketChoice(page);
  const url = `${b.origin}/live/${b.event}`;
  await offer.open(url);
  await app.expectVisitorShell();
  const chosen = await choice.chooseSeatedOnFirstEvening(brand);

  await choice.buyButton().click();
  await expect(page.getByRole('dialog', { name: 'Add to cart' })).toHaveCount(0);
  await app.signInInDialog(b.email);
  await expect(page).toHaveURL(url);
  await expect(offer.title()).toHaveText(b.publicTitle);
  await choice.expectChosen(chosen);

  // The demo member's cart is shared between specs: empty it, the choice stays.
  await emptyCart(page);
  await choice.expectChosen(chosen);
  await addTickets(page, 1);
  await goToCheckout(page);
  const orderNumber = await payAndConfirm(page);
  await expect(app.cartButton()).toHaveAccessibleName('Cart, empty');

  await page.getByRole('status', { name: 'Order confirmed' }).getByRole('link', { name: 'See your orders' }).click();
  await expect(page.getByRole('heading', { name: 'My orders', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^Order ${orderNumber}\\b`) })).toBeVisible();
}

for (const brand of allBrands) {
  const b = visitorBrands[brand];

  test.describe(`visitors, ${b.name}`, () => {
    test('signed out, the feed, Live and Search show offers with a Sign in button and no More tab; a member page asks to sign in; a deep link reloads', async ({ page }) => {
      await browseSignedOut(page, brand);
    });

    test('a visitor buys from a shared event link: signs in over the page, the chosen ticket stays, the order is made', async ({ page }) => {
      await buyFromSharedLink(page, brand);
    });

    test('a member-only offer asks a visitor to sign in and then shows; signed out again, search does not find it', async ({ page }) => {
      const app = new VisitorApp(page);
      const offer = new OfferPage(page);
      const url = `${b.origin}/live/${b.memberOnlyEvent}`;
      await page.goto(url);
      const needsSignIn = offer.failure('You need to be signed in to view this offer');
      await expect(needsSignIn).toBeVisible();
      await app.expectVisitorShell();

      await offer.button('Sign in').click();
      await app.signInInDialog(b.email);
      await expect(needsSignIn).toBeHidden();
      await expect(page).toHaveURL(url);
      await expect(offer.article()).toBeVisible();
      const title = ((await offer.title().textContent()) ?? '').trim();
      expect(title).not.toBe('');

      // Back to a visitor: the public event is found, the member-only one is not.
      await app.signOut();
      await app.search(b.origin, b.publicTitle);
      await expect(app.results().getByText(b.publicTitle, { exact: true })).toBeVisible();
      await app.search(b.origin, title);
      await expect(app.visiblePage().getByText(title, { exact: true })).toHaveCount(0);
      await app.expectVisitorShell();
    });

    test('a visitor creates an account from an offer: after set-up the app is back on that offer', async ({ page }) => {
      const app = new VisitorApp(page);
      const offer = new OfferPage(page);
      const choice = new TicketChoice(page);
      const url = `${b.origin}/live/${b.event}`;
      await offer.open(url);
      await choice.city().selectOption({ label: b.thirdCity });
      await expect(choice.buyButton()).toBeEnabled();
      await choice.buyButton().click();
      await app.dialog().getByRole('link', { name: 'Create account' }).click();

      const form = new CreateAccountPage(page);
      await form.expectShown();
      await expect(page).toHaveURL(`${b.origin}/createaccount`);
      const email = uniqueEmail('visitor', `${brand}.test`);
      if (brand === 'aurora') {
        await form.fillNameMode({ email, password: 'Secret1234', fullName: 'Vera Visitor', street: 'Storgatan 1', zipCode: '11122', city: 'Stockholm' });
      } else {
        await form.fillSsnMode({ email, password: 'Secret1234', ssn: personalNumber() });
      }
      await form.acceptTerms();
      await form.submit();

      const setUp = new SetUpPage(page);
      await setUp.expectShown();
      await setUp.fillPhone('+46701234567');
      // Aurora asks for the member's bank card, Borealis for a referral code (server/db/seed/brands.ts).
      if (brand === 'aurora') await setUp.chooseCard('Bankkort');
      else await setUp.fillReferralCode('AB12CD');
      await setUp.submit();

      await expect(page).toHaveURL(url);
      await expect(offer.title()).toHaveText(b.publicTitle);
      await expect(app.cartButton()).toBeVisible();
      await expect(app.headerSignIn()).toHaveCount(0);
    });
  });
}

// The desktop layout puts the tabs in the header beside the Sign in button; one purchase there
// (which also checks the visitor's header and tabs): the flows behind it are the same as on a phone.
test.describe('visitors on desktop', () => {
  test.use(desktop);

  test('Aurora: a visitor buys from a shared event link on desktop', async ({ page }) => {
    await buyFromSharedLink(page, 'aurora');
  });
});
