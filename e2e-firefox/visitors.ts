import { demoBrands, originOf } from './demo.ts';
import { openPage, type Flow } from './flow.ts';
import type { Query, Screen } from './screen.ts';

const borealis = demoBrands.borealis;
/** The stacked page the visitor sees now (others stay mounted, hidden or inert). */
const shownPage: Query = { css: 'section[data-path]' };
const headerSignIn: Query = { role: 'button', name: 'Sign in', within: { role: 'banner' } };
const signInDialog: Query = { role: 'dialog', name: 'Sign in' };

/** The header, tabs and offers of a visitor (e2e/pages/VisitorPages.ts): Sign in instead of the cart, no More tab. */
async function expectVisitorShell(ui: Screen) {
  await ui.find(headerSignIn);
  await ui.find({ role: 'navigation', name: 'Main' });
  await ui.expectGone({ role: 'link', name: 'More', within: { role: 'navigation', name: 'Main' } });
  await ui.expectGone({ role: 'button', name: /^Cart/ });
}

/**
 * The visitor's browse (e2e/visitors.spec.ts in Chromium), on Borealis, signed out: the feed,
 * Live and Search with their offers; the sign-in dialog from the header, closed again; a member's
 * page asks to sign in; a shared offer link, reloaded; a member-only offer asks to sign in; search
 * finds the public event; a category of the benefits narrows their feed.
 */
export const visitorsBrowse: Flow = {
  name: "visitors' browse: Borealis signed out, the feeds, an offer page, search and a category",
  expected: [
    {
      method: 'GET',
      path: /^\/v1\/get\/offer$/,
      status: 401,
      why: "a visitor opens a member-only offer: the server wants a member's token, and the page asks the visitor to sign in",
    },
  ],
  async run(context) {
    const origin = originOf('borealis', context.port);
    const { page, ui, leave } = await openPage(context);

    for (const path of ['/', '/live', '/search']) {
      await page.goto(`${origin}${path}`);
      const shown: Query = { css: `section[data-path="${path}"]` };
      await ui.find({ role: 'listitem', within: { role: 'list', within: shown } });
      await expectVisitorShell(ui);
    }

    // The header's Sign in opens the form over the page; Escape closes it where the visitor was.
    await ui.click(headerSignIn);
    await ui.find({ label: 'E-mail', within: signInDialog });
    await ui.find({ label: 'Password', within: signInDialog });
    await ui.find({ role: 'link', name: 'Forgot password?', within: signInDialog });
    await ui.find({ role: 'link', name: 'Create account', within: signInDialog });
    await page.keyboard.press('Escape');
    await ui.expectGone(signInDialog);
    await ui.expectFocused(headerSignIn);
    await ui.expectUrl(`${origin}/search`);

    // A member's page asks to sign in.
    await page.goto(`${origin}/more/orderHistory`);
    await ui.find({ role: 'heading', level: 1, name: 'Sign in to continue' });
    await expectVisitorShell(ui);

    // A shared link to a public offer opens signed out, and again after a reload.
    const title: Query = { role: 'heading', level: 1, within: shownPage };
    await page.goto(`${origin}/live/${borealis.event}`);
    await ui.expectText(title, borealis.publicTitle);
    await page.reload();
    await ui.expectText(title, borealis.publicTitle);
    await ui.find({ label: 'City', within: shownPage });
    await expectVisitorShell(ui);

    // A member-only offer asks to sign in.
    await page.goto(`${origin}/live/${borealis.memberOnlyEvent}`);
    await ui.find({ text: 'You need to be signed in to view this offer', within: shownPage });
    await ui.find({ role: 'button', name: 'Sign in', within: shownPage });

    // Search through the address finds the public event.
    await page.goto(`${origin}/search?q=${encodeURIComponent(borealis.publicTitle)}`);
    await ui.find({ text: borealis.publicTitle, within: { role: 'list', name: 'Search results', within: shownPage } });

    // A category of the benefits narrows their feed, and is kept in the address.
    await page.goto(`${origin}/benefit`);
    const benefits: Query = { css: 'section[data-path="/benefit"]' };
    const cards: Query = { role: 'listitem', within: { role: 'list', within: benefits } };
    await ui.find(cards);
    const all = await ui.count(cards);
    const chip: Query = { role: 'button', within: { role: 'group', name: 'Categories', within: benefits } };
    await ui.find({ css: '[aria-pressed="false"]', ...chip });
    await ui.click(chip);
    await ui.find({ css: '[aria-pressed="true"]', ...chip });
    await ui.expectUrl(new RegExp(`^${origin}/benefit\\?category=[^&]+$`));
    await ui.expectCount(cards, (shown) => shown > 0 && shown < all, `fewer than the ${all} of every category`);

    await leave();
  },
};
