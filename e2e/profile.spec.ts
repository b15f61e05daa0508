import { expect, test, type APIRequestContext } from './fixtures.ts';
import { catalogText, ProfilePage, type ProfileLanguage } from './pages/ProfilePage.ts';

const password = 'Password1';

/**
 * A fresh Aurora member who has completed onboarding, made through the API as the app does it
 * (create, sign in at the identity provider, complete set-up): the seeded users stay untouched.
 */
async function createMember(request: APIRequestContext, origin: string, label: string): Promise<string> {
  const email = `profile-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@aurora.test`;
  const brandAnswer = await request.get('/v1/get/brand', { params: { appUrl: origin, authTenantIdSelect: true } });
  expect(brandAnswer.ok()).toBe(true);
  const brand = (await brandAnswer.json()) as { id: string; authTenantId: string };
  const created = await request.post('/v1/create/user', {
    headers: { 'X-App-Url': origin },
    data: { brandId: brand.id, signInType: 'password', email, password, termsAccepted: true, firstName: 'Test', lastName: 'Member' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const signedIn = await request.post('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=x', {
    data: { email, password, tenantId: brand.authTenantId, returnSecureToken: true },
  });
  expect(signedIn.ok()).toBe(true);
  const { idToken } = (await signedIn.json()) as { idToken: string };
  const completed = await request.post('/v1/complete_onboardning/user', {
    headers: { 'X-App-Url': origin, Authorization: `Bearer ${idToken}` },
    data: { phoneNumber: '+46701112233', password, referralCode: '522660' },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  return email;
}

async function tenantOf(request: APIRequestContext, origin: string): Promise<string> {
  const answer = await request.get('/v1/get/brand', { params: { appUrl: origin, authTenantIdSelect: true } });
  return ((await answer.json()) as { authTenantId: string }).authTenantId;
}

for (const [language, locale] of [['en', 'en-US'], ['sv', 'sv-SE']] as [ProfileLanguage, string][]) {
  test.describe(`profile (${language})`, () => {
    test.use({ locale });

    test('edits name, phone and addresses and sees them after a reload; nothing is sent when nothing changed', async ({ page, request, baseURL }) => {
      const email = await createMember(request, baseURL!, `edit-${language}`);
      const profile = new ProfilePage(page, language);
      await profile.signIn(email, password);
      await profile.expectSignedIn();
      await profile.open();
      await expect(profile.field('contact', 'fullName')).toHaveValue('Test Member');
      await expect(profile.field('contact', 'email')).toHaveValue(email);
      await expect(profile.deleteDialog()).toHaveCount(0);

      await profile.save();
      await expect(profile.status()).toHaveText(profile.words.unchanged);

      // Spec 5: the required fields and the phone are checked before anything is sent.
      await profile.field('contact', 'fullName').fill('Anna');
      await profile.field('contact', 'phone').fill('12');
      await profile.save();
      await profile.expectFieldError(profile.field('contact', 'fullName'), 'user_info_error_last_name_missing');
      await profile.expectFieldError(profile.field('contact', 'phone'), 'user_info_error_phone');
      await profile.expectFieldError(profile.field('privateAddress', 'street'), 'user_info_error_required');

      await profile.field('contact', 'fullName').fill('Anna Maria Svensson');
      await profile.field('contact', 'phone').fill('070-987 65 43');
      await profile.field('privateAddress', 'careOf').fill('Lind');
      await profile.field('privateAddress', 'street').fill('Storgatan 12');
      await profile.field('privateAddress', 'zipCode').fill('11122');
      await profile.field('privateAddress', 'city').fill('Stockholm');
      await profile.field('companyAddress', 'companyName').fill('Svensson AB');
      await profile.save();
      await expect(profile.status()).toHaveText(profile.words.saved);

      await profile.reload();
      await expect(profile.field('contact', 'fullName')).toHaveValue('Anna Maria Svensson');
      await expect(profile.field('contact', 'phone')).toHaveValue('+46709876543');
      await expect(profile.field('privateAddress', 'careOf')).toHaveValue('Lind');
      await expect(profile.field('privateAddress', 'street')).toHaveValue('Storgatan 12');
      await expect(profile.field('privateAddress', 'zipCode')).toHaveValue('11122');
      await expect(profile.field('privateAddress', 'city')).toHaveValue('Stockholm');
      await expect(profile.field('companyAddress', 'companyName')).toHaveValue('Svensson AB');
    });

    test('changes the e-mail after the current-password prompt, then signs in with the new e-mail', async ({ page, request, baseURL }) => {
      const email = await createMember(request, baseURL!, `email-${language}`);
      const newEmail = email.replace('profile-', 'moved-');
      const profile = new ProfilePage(page, language);
      await profile.signIn(email, password);
      await profile.expectSignedIn();
      await profile.open();
      await profile.field('privateAddress', 'street').fill('Storgatan 1');
      await profile.field('privateAddress', 'zipCode').fill('11122');
      await profile.field('privateAddress', 'city').fill('Stockholm');
      await profile.field('contact', 'email').fill(newEmail);
      await profile.save();

      await expect(profile.passwordDialog()).toBeVisible();
      await expect(profile.currentPasswordField()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(profile.passwordDialog()).toHaveCount(0);

      await profile.save();
      await profile.confirmCurrentPassword('Wrong1234');
      await profile.expectFieldError(profile.currentPasswordField(), 'auth/invalid-password');
      await expect(profile.currentPasswordField()).toHaveValue('');

      await profile.confirmCurrentPassword(password);
      await expect(profile.passwordDialog()).toHaveCount(0);
      await expect(profile.status()).toHaveText(profile.words.saved);
      await expect(profile.field('contact', 'email')).toHaveValue(newEmail);

      // Still signed in after the re-login: a reload keeps the member on the profile.
      await profile.reload();
      await expect(profile.field('contact', 'email')).toHaveValue(newEmail);

      await profile.signOut();
      await profile.signIn(email, password);
      await profile.expectSignInRefused();
      await profile.signIn(newEmail, password);
      await profile.expectSignedIn();
    });

    test('changes the password after the current-password prompt, then signs in with it', async ({ page, request, baseURL }) => {
      const email = await createMember(request, baseURL!, `password-${language}`);
      const newPassword = 'Changed2pass';
      const profile = new ProfilePage(page, language);
      await profile.signIn(email, password);
      await profile.expectSignedIn();
      await profile.open();
      await profile.field('privateAddress', 'street').fill('Storgatan 1');
      await profile.field('privateAddress', 'zipCode').fill('11122');
      await profile.field('privateAddress', 'city').fill('Stockholm');

      await profile.field('changePassword', 'newPassword').fill('abc');
      await profile.save();
      await profile.expectFieldError(profile.field('changePassword', 'newPassword'), 'user_info_error_password_too_short');
      await expect(profile.field('changePassword', 'newPassword')).toBeFocused();
      await profile.field('changePassword', 'newPassword').fill('abcdefgh');
      await profile.save();
      await profile.expectFieldError(profile.field('changePassword', 'newPassword'), 'user_info_error_password_rule_failed');
      await profile.field('changePassword', 'newPassword').fill(newPassword);
      await profile.field('changePassword', 'repeatPassword').fill('Changed2pas');
      await profile.save();
      await profile.expectFieldError(profile.field('changePassword', 'repeatPassword'), 'user_info_error_password_dont_match');
      await expect(profile.field('changePassword', 'repeatPassword')).toBeFocused();
      await expect(profile.passwordDialog()).toHaveCount(0);

      await profile.field('changePassword', 'repeatPassword').fill(newPassword);
      await profile.confirmPasswordChange(password);

      await profile.signOut();
      await profile.signIn(email, password);
      await profile.expectSignInRefused();
      await profile.signIn(email, newPassword);
      await profile.expectSignedIn();
    });

    test('deletes the account after the confirm dialog; signing in with it then fails', async ({ page, request, baseURL }) => {
      const email = await createMember(request, baseURL!, `delete-${language}`);
      const profile = new ProfilePage(page, language);
      await profile.signIn(email, password);
      await profile.expectSignedIn();
      await profile.open();
      await expect(profile.deleteDialog()).toHaveCount(0);

      await profile.askToDelete();
      await profile.deleteDialog().getByRole('button', { name: profile.words.cancel }).click();
      await expect(profile.deleteDialog()).toHaveCount(0);

      await profile.askToDelete();
      await profile.deleteDialog().getByRole('button', { name: profile.words.deleteAccount }).click();
      await expect(page.getByRole('heading', { name: profile.words.signInHeading })).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      // The member chose this: no session-expired or other message on the sign-in form, only that it is done.
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: catalogText(language, 'Your account was deleted') })).toBeVisible();

      await profile.signIn(email, password);
      await profile.expectSignInRefused();
    });

    // The server wants a sign-in from the last 5 minutes (server tests cover the clock): a test cannot
    // wait that long, and the browser's clock does not age the token's auth_time, so the first
    // answers of DELETE are the server's 403 for an old sign-in; the retry goes to the real server.
    test('asks for the password when the delete needs a recent sign-in, signs in again and deletes', async ({ page, request, baseURL }) => {
      const email = await createMember(request, baseURL!, `delete-old-${language}`);
      const profile = new ProfilePage(page, language);
      await profile.signIn(email, password);
      await profile.expectSignedIn();
      await profile.open();

      let refusals = 2;
      const signInTimes: number[] = [];
      await page.route('**/v1/delete/user', async (route) => {
        const token = route.request().headers()['authorization']?.replace(/^Bearer /, '') ?? '';
        signInTimes.push((JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { auth_time: number }).auth_time);
        if (refusals-- > 0) {
          await route.fulfill({ status: 403, json: { code: 'auth/requires-recent-login', message: 'Sign in again to delete the account' } });
        } else {
          await route.fallback();
        }
      });
      const why = `${catalogText(language, 'auth/requires-recent-login')} ${catalogText(
        language,
        'If you signed in with BankID, sign out and in again instead, then delete the account.',
      )}`;

      await profile.askToDelete();
      await profile.deleteDialog().getByRole('button', { name: profile.words.deleteAccount }).click();
      await expect(profile.passwordDialog()).toHaveAccessibleDescription(why);
      await expect(profile.deleteDialog()).toHaveCount(0);
      await profile.confirmCurrentPassword('Wrong1234');
      await profile.expectFieldError(profile.currentPasswordField(), 'auth/invalid-password');
      await profile.passwordDialog().getByRole('button', { name: profile.words.cancel }).click();
      await expect(profile.passwordDialog()).toHaveCount(0);
      await expect(profile.main().getByRole('heading', { name: profile.words.heading, level: 1 })).toBeVisible();
      expect(signInTimes).toHaveLength(1);
      // Cancelled: the account is still there.
      const stillThere = await request.post('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=x', {
        data: { email, password, tenantId: await tenantOf(request, baseURL!), returnSecureToken: true },
      });
      expect(stillThere.ok()).toBe(true);

      await profile.askToDelete();
      await profile.deleteDialog().getByRole('button', { name: profile.words.deleteAccount }).click();
      await profile.confirmCurrentPassword(password);
      await expect(page.getByRole('heading', { name: profile.words.signInHeading })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      // The retry carried the token of the new sign-in.
      expect(signInTimes).toHaveLength(3);
      expect(signInTimes[2]).toBeGreaterThan(signInTimes[1]!);

      await profile.signIn(email, password);
      await profile.expectSignInRefused();
    });
  });
}
