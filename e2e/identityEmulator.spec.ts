import { expect, test as base } from './fixtures.ts';
import { SignInPage } from './pages/SignInPage.ts';
import { FeedPage } from './pages/FeedPage.ts';
import { MorePage } from './pages/MorePage.ts';
import { ProfilePage } from './pages/ProfilePage.ts';

export interface IdentityEmulatorOptions {
  /** Origin of Google's Firebase Auth Emulator the server and the build use; null in the ordinary e2e run. */
  identityEmulator: string | null;
}

const test = base.extend<object, IdentityEmulatorOptions>({
  identityEmulator: [null, { option: true, scope: 'worker' }],
});

const password = 'Password1';
const newPassword = 'Emulated2pass';

test.describe('with the firebase provider on the Auth Emulator (npm run test:identity-emulator)', () => {
  test.skip(
    ({ identityEmulator }) => !identityEmulator,
    'runs only against the Auth Emulator, with the server on the firebase provider: npm run test:identity-emulator (playwright.emulator.config.ts)',
  );

  test('a demo member signs in, sees the feed, changes the password on the profile, signs out and signs in with the new one', async ({ page, identityEmulator }) => {
    const passwordSignIns: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword')) passwordSignIns.push(request.url());
    });
    const signIn = new SignInPage(page);
    const feed = new FeedPage(page);
    const more = new MorePage(page);
    const profile = new ProfilePage(page);

    await signIn.open();
    await signIn.signIn('member@aurora.test', password);
    await feed.expectLoaded();
    await expect(page.getByRole('img', { name: 'Aurora' }).first()).toBeVisible();
    expect(passwordSignIns).toHaveLength(1);

    await more.openFromTab();
    await more.tile('profile').click();
    await more.expectShowing('/more/userinfo');
    await expect(profile.field('contact', 'email')).toHaveValue('member@aurora.test');
    await profile.field('changePassword', 'newPassword').fill(newPassword);
    await profile.field('changePassword', 'repeatPassword').fill(newPassword);
    // The server checks the current password at the emulator.
    await profile.confirmPasswordChange(password);

    // The change revoked the member's earlier tokens; the app's own sign-in after it keeps the member in.
    await profile.reload();
    await expect(profile.field('contact', 'email')).toHaveValue('member@aurora.test');

    await more.openFromTab();
    await more.signOut();

    await profile.signIn('member@aurora.test', password);
    await profile.expectSignInRefused();
    await profile.signIn('member@aurora.test', newPassword);
    await profile.expectSignedIn();
    await feed.expectLoaded();

    // The firebase SDK signed in at the emulator every time (the app's own sign-in after the change too),
    // never at the app's identity routes.
    expect(passwordSignIns.length).toBeGreaterThanOrEqual(4);
    for (const url of passwordSignIns) expect(url.startsWith(`${identityEmulator}/`), url).toBe(true);
  });
});
