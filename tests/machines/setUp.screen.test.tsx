import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSetUpApp } from './setUpHarness.tsx';
import { testBrand } from './fixtures.ts';

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' });
const digit = (n: number) => screen.getByRole<HTMLInputElement>('textbox', { name: `Digit ${n} of 6` });
const digits = () =>
  within(screen.getByRole('group', { name: 'First six digits of your card' }))
    .getAllByRole<HTMLInputElement>('textbox')
    .map((box) => box.value || '_')
    .join('');
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

async function openSetUp(brand = testBrand(), savedReferralCode: string | null = null, passwordChosen = false) {
  const fake = renderSetUpApp(brand, { savedReferralCode, passwordChosen });
  await screen.findByRole('button', { name: 'Continue' });
  return { fake, user: userEvent.setup({ delay: null }) };
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Phone number'), '+46701234567');
  await user.type(field('Choose a password'), 'Secret123');
}

describe('the set-up screen', () => {
  // Both screen sets load lazily; transforming them the first time can outlast findBy's wait.
  beforeAll(() => Promise.all([import('../../src/routes/ContentRoutes.tsx'),
        import('../../src/i18n/i18n.ts').then((m) => m.loadMessages('content')), import('../../src/routes/AuthRoutes.tsx')]), 30_000);

  it('tells every missing part at once and moves focus to the first', async () => {
    const { fake, user } = await openSetUp();
    await user.click(continueButton());
    for (const text of ['Enter your phone number', 'Enter a password', 'Choose your bank card']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(document.activeElement).toBe(field('Phone number'));
    expect(fake.requests).toEqual([]);
  });

  it('explains the password rule beside the field', async () => {
    await openSetUp();
    const describedBy = field('Choose a password').getAttribute('aria-describedby')!;
    const rule = describedBy.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(rule).toContain('8 to 30 characters with a digit, a lowercase and an uppercase letter, and no spaces.');
  });

  it('takes digits only in the card boxes, erases one per Backspace and fills all six on paste', async () => {
    const { user } = await openSetUp();
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.click(digit(1));
    await user.keyboard('4x2');
    expect(digits()).toBe('42____');
    expect(document.activeElement).toBe(digit(3));
    await user.keyboard('{Backspace}');
    expect(digits()).toBe('4_____');
    expect(document.activeElement).toBe(digit(2));
    await user.keyboard('{Backspace}');
    expect(digits()).toBe('______');
    expect(document.activeElement).toBe(digit(1));

    await user.click(digit(4));
    await user.paste('5226 61');
    expect(digits()).toBe('522661');
    expect(document.activeElement).toBe(digit(6));
    await user.keyboard('9');
    expect(digits()).toBe('522669');
    expect(document.activeElement).toBe(digit(6));
    await user.keyboard('{ArrowLeft}{ArrowLeft}7');
    expect(digits()).toBe('522769');
  });

  it('sends a changed e-mail and signs in with it; refuses an invalid one', async () => {
    const { fake, user } = await openSetUp();
    await fillDetails(user);
    await user.click(screen.getByRole('radio', { name: 'Bankkort' }));
    await user.clear(field('E-mail'));
    await user.click(continueButton());
    expect(screen.getByText('Enter your e-mail address')).toBeTruthy();
    await user.type(field('E-mail'), 'moved@aurora');
    await user.click(continueButton());
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(document.activeElement).toBe(field('E-mail'));
    await user.type(field('E-mail'), '.test');
    await user.click(continueButton());
    expect(await screen.findByRole('list', { name: 'Offers' })).toBeTruthy();
    expect(fake.requests).toEqual([
      { email: 'moved@aurora.test', phoneNumber: '+46701234567', password: 'Secret123', referralCode: '522660' },
    ]);
    expect(fake.signIns).toEqual([{ email: 'moved@aurora.test', password: 'Secret123' }]);
  });

  it('shows a refused referral code at the referral input', async () => {
    const { fake, user } = await openSetUp(testBrand({ referralCodeInputType: 'code' }));
    fake.failures.push({ status: 400, code: 'referral_code_invalid', message: 'invalid' });
    await fillDetails(user);
    await user.type(field('Referral code'), 'ZZZ999');
    await user.click(continueButton());
    const code = field('Referral code');
    await screen.findByText('The referral code is not valid.');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('retries only the sign-in when it fails after the account is complete', async () => {
    const { fake, user } = await openSetUp();
    fake.signInFailures.push({ status: 600, code: 'failed_to_fetch', message: 'Network Error' });
    await fillDetails(user);
    await user.click(screen.getByRole('radio', { name: 'Platinumkort' }));
    await user.click(continueButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your account is complete, but we could not sign you in again. Network Error');
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByRole('list', { name: 'Offers' })).toBeTruthy();
    expect(fake.requests).toHaveLength(1);
    expect(fake.signIns).toHaveLength(2);
  });

  it('starts with the referral code saved from the create-account link and forgets it once used', async () => {
    const { fake, user } = await openSetUp(testBrand(), '521358');
    expect(screen.getByRole('radio', { name: 'Platinumkort' })).toHaveProperty('checked', true);
    await fillDetails(user);
    await user.click(continueButton());
    await screen.findByRole('list', { name: 'Offers' });
    expect(fake.requests[0]!.referralCode).toBe('521358');
    expect(fake.savedReferralCode).toBeNull();
  });

  it('asks a text code with the brand length and hint', async () => {
    await openSetUp(testBrand({ referralCodeInputType: 'text', referralCodeInputFieldLength: 8, referralCodeInputHint: 'From your friend' }));
    const code = field('Referral code');
    expect(code.maxLength).toBe(8);
    expect(document.getElementById(code.getAttribute('aria-describedby')!)?.textContent).toBe('From your friend');
    fireEvent.change(code, { target: { value: 'ABCDEFGHIJ' } });
    expect(code.value).toBe('ABCDEFGH');
  });

  it('asks no referral when the brand asks none', async () => {
    const { fake, user } = await openSetUp(testBrand({ referralCodeInputType: 'none' }));
    expect(screen.queryByLabelText('Referral code')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    await fillDetails(user);
    await user.click(continueButton());
    await screen.findByRole('list', { name: 'Offers' });
    expect(fake.requests).toEqual([{ phoneNumber: '+46701234567', password: 'Secret123' }]);
  });

  it('does not ask again for the password chosen at sign-up, and leaves /createaccount for /', async () => {
    window.history.replaceState(null, '', '/createaccount');
    const { fake, user } = await openSetUp(testBrand(), null, true);
    expect(window.location.pathname).toBe('/');
    expect(screen.queryByLabelText('Choose a password')).toBeNull();
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    expect(screen.getByText('Signed in as new@aurora.test')).toBeTruthy();
    await user.type(field('Phone number'), '+46701234567');
    await user.click(screen.getByRole('radio', { name: 'Allkort' }));
    await user.click(continueButton());
    expect(await screen.findByRole('list', { name: 'Offers' })).toBeTruthy();
    expect(window.location.pathname).toBe('/');
    expect(fake.requests).toEqual([{ phoneNumber: '+46701234567', referralCode: '522661' }]);
    expect(fake.signIns).toEqual([]);
  });

  it('lets the member sign out instead', async () => {
    const { fake, user } = await openSetUp();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(fake.signedOut).toBe(true);
  });
});
