import { demoContent } from '../server/db/seed/index.ts';
import { generateOffers } from '../server/db/seed/offers.ts';
import { promoSeedsFor } from '../server/db/seed/promoCodes.ts';
import { expect, test } from './fixtures.ts';
import { PromoCodesPage } from './pages/PromoCodesPage.ts';
import { brands } from './pages/shopping.ts';

/**
 * Issue 41: a demo benefit's text named a code (AUR24) its page never gave. Now a benefit's text
 * names only what its page gives: here the common code of a benefit past the four promo cases
 * (server/db/seed/promoCodes.ts), which the member reveals on the page.
 */
for (const brand of [brands.aurora, brands.borealis]) {
  const content = demoContent.find((c) => c.brandName === brand.name)!;
  const offers = generateOffers(content, new Date());
  const [, , , , seed] = promoSeedsFor(content.brandName, offers).filter((s) => offers.find((o) => o.id === s.offerId)?.active !== false);

  test(`${brand.name}: the benefit's page gives the code its text names`, async ({ page }) => {
    const code = seed!.commonCode!;
    const promo = new PromoCodesPage(page, 'en');
    await promo.signIn(brand.origin, brand.email, 'Password1');
    await promo.openOffer(brand.origin, `/benefit/${seed!.offerId}`);
    await expect(promo.visible().getByText(`with the code ${code}`, { exact: false })).toBeVisible();
    await promo.commonRow().getByRole('button', { name: promo.words.showCode }).click();
    await expect(promo.codesIn(promo.commonRow())).toHaveText([code]);
  });
}
