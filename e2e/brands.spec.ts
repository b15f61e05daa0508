import { expect, test, type Page } from './fixtures.ts';
import { SignInPage, signInScope } from './pages/SignInPage.ts';
import { FeedPage } from './pages/FeedPage.ts';
import { e2ePort as port } from './e2eServer.ts';

const aurora = `http://aurora.localhost:${port}`;
const borealis = `http://borealis.localhost:${port}`;

async function signInButtonLook(page: Page) {
  return (await signInScope(page)).getByRole('button', { name: 'Sign in', exact: true }).evaluate((button) => {
    const style = getComputedStyle(button);
    return { background: style.backgroundColor, radius: style.borderTopLeftRadius, font: getComputedStyle(document.body).fontFamily };
  });
}

test('Aurora and Borealis are themed differently', async ({ page }) => {
  await new SignInPage(page).open(aurora);
  const auroraLook = await signInButtonLook(page);
  const auroraPage = await page.evaluate(() => getComputedStyle(document.querySelector('#root > div')!).backgroundColor);
  await new SignInPage(page).open(borealis);
  const borealisLook = await signInButtonLook(page);
  const borealisPage = await page.evaluate(() => getComputedStyle(document.querySelector('#root > div')!).backgroundColor);
  expect(borealisLook.background).not.toBe(auroraLook.background);
  expect(borealisLook.radius).not.toBe(auroraLook.radius);
  expect(borealisPage).not.toBe(auroraPage);
  await expect(page.getByRole('img', { name: 'Borealis' })).toBeVisible();
});

test('a Borealis member signs in on Borealis and sees its own navigation', async ({ page }) => {
  await new SignInPage(page).open(borealis);
  await new SignInPage(page).signIn('member@borealis.test', 'Password1');
  await new FeedPage(page).expectLoaded();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Perks' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Stories' })).toHaveCount(0);
});

test('an unknown app URL shows a clear error screen', async ({ page }) => {
  await page.goto(`http://unknown.localhost:${port}/`);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText('This app address is not connected to any club.')).toBeVisible();
});

test('the browser requests nothing outside the app origin', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== aurora) outside.push(request.url());
  });
  await new SignInPage(page).open(aurora);
  await new SignInPage(page).signIn('member@aurora.test', 'Password1');
  await new FeedPage(page).expectLoaded();
  await page.mouse.wheel(0, 5000);
  await page.waitForLoadState('networkidle');
  expect(outside).toEqual([]);
});
