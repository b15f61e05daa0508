import { expect, test } from './fixtures.ts';
import { MorePage } from './pages/MorePage.ts';
import type { ProfileLanguage } from './pages/ProfilePage.ts';

// Signing in and out leaves the seeded member as it was.
const member = { email: 'member@aurora.test', password: 'Password1', uid: 'demo-aurora-member' };

/** What Aurora configures comes in the member's language (server/db/seed): the More tab and the role name. */
const configured = { en: { moreTab: 'More', role: 'Gold member' }, sv: { moreTab: 'Mer', role: 'Guldmedlem' } };

for (const [language, locale] of [['en', 'en-US'], ['sv', 'sv-SE']] as [ProfileLanguage, string][]) {
  test.describe(`More menu (${language})`, () => {
    test.use({ locale });

    test('shows the member and the menu, opens the profile, goes back and signs out', async ({ page }) => {
      const more = new MorePage(page, language);
      await more.signIn(member.email, member.password);
      await more.openFromTab(configured[language].moreTab);

      await expect(more.heading()).toHaveText('Maja Lind');
      // Aurora shows the brand role name and has restaurants; this build is no test build.
      await expect(more.visiblePage().getByText(configured[language].role, { exact: true })).toBeVisible();
      await expect(more.menu().getByRole('link')).toHaveText([
        more.words.restaurants,
        more.words.promoCodes,
        more.words.orders,
        more.words.waitingLists,
        more.words.myCategories,
        more.words.profile,
        more.words.language,
        more.words.about,
        more.words.faq,
      ]);
      await expect(more.tile('profile')).toHaveAttribute('href', '/more/userinfo');
      await expect(more.mailButton()).toHaveAttribute(
        'href',
        `mailto:kundservice@aurora.test?subject=${encodeURIComponent(`Maja Lind ID: ${member.uid}`)}`,
      );

      await more.tile('profile').click();
      await more.expectShowing('/more/userinfo');
      await expect(more.heading()).toHaveText(more.words.profile);

      await more.back();
      await more.expectShowing('/more');
      await expect(more.heading()).toHaveText('Maja Lind');

      await more.signOut();
      await expect(page).toHaveURL(/\/$/);
    });
  });
}
