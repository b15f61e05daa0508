import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { exploreWorlds, pathPerTransition } from './modelPaths.ts';
import { renderSetUpApp } from './setUpHarness.tsx';
import { testBrand } from './fixtures.ts';
import type { Brand } from '../../contract/brand.ts';

/** Phone and password together: untouched, badly filled (invalid phone, weak password), or good. */
type Details = 'empty' | 'bad' | 'good';
/** The referral part: bank-card choice on Aurora-like brands, a typed code on Borealis-like ones. */
type Referral = 'none' | 'annat0' | 'annat3' | 'annat6' | 'card' | 'codeEmpty' | 'codeShort' | 'codeGood';

/** What the member sees; `…Shown` says the last refused submit's errors still show for that part. */
interface World {
  details: Details;
  detailsShown: boolean;
  referral: Referral;
  referralShown: boolean;
  offline: boolean;
  completed: boolean;
}

const name = (w: World) =>
  w.completed
    ? 'completed'
    : `${w.details}${w.detailsShown ? '!' : ''} ${w.referral}${w.referralShown ? '!' : ''}${w.offline ? ' offline' : ''}`;
const parse = (value: string): World => {
  if (value === 'completed') return { details: 'good', detailsShown: false, referral: 'none', referralShown: false, offline: false, completed: true };
  const [details, referral, offline] = value.split(' ');
  return {
    details: details!.replace('!', '') as Details,
    detailsShown: details!.endsWith('!'),
    referral: referral!.replace('!', '') as Referral,
    referralShown: referral!.endsWith('!'),
    offline: offline === 'offline',
    completed: false,
  };
};

/** The spec 5 rules, stated apart from the code. */
const referralValid = (r: Referral) => r === 'annat6' || r === 'card' || r === 'codeGood';
const valid = (w: World) => w.details === 'good' && referralValid(w.referral);
const editDetails = (w: World, details: Details): World => ({ ...w, details, detailsShown: false, offline: false });
const editReferral = (w: World, referral: Referral): World => ({ ...w, referral, referralShown: false, offline: false });

function next(w: World, event: string): World | null {
  if (w.completed) return null;
  switch (event) {
    case 'SUBMIT':
      if (valid(w)) return { ...w, offline: false, completed: true };
      return { ...w, detailsShown: w.details !== 'good', referralShown: !referralValid(w.referral), offline: false };
    // The network fails once: the form says so and keeps everything.
    case 'SUBMIT_OFFLINE':
      return valid(w) && !w.offline ? { ...w, offline: true } : null;
    case 'FILL_BAD_DETAILS':
      return w.details === 'empty' ? editDetails(w, 'bad') : null;
    case 'FILL_GOOD_DETAILS':
      return w.details !== 'good' ? editDetails(w, 'good') : null;
    case 'CHOOSE_ANNAT':
      return w.referral === 'none' ? editReferral(w, 'annat0') : null;
    case 'TYPE_THREE_DIGITS':
      return w.referral === 'annat0' ? editReferral(w, 'annat3') : null;
    case 'TYPE_LAST_DIGITS':
      return w.referral === 'annat3' ? editReferral(w, 'annat6') : null;
    case 'CHOOSE_CARD':
      return ['none', 'annat0', 'annat3', 'annat6'].includes(w.referral) ? editReferral(w, 'card') : null;
    case 'TYPE_SHORT_CODE':
      return w.referral === 'codeEmpty' ? editReferral(w, 'codeShort') : null;
    case 'TYPE_GOOD_CODE':
      return w.referral === 'codeEmpty' || w.referral === 'codeShort' ? editReferral(w, 'codeGood') : null;
    default:
      return null;
  }
}

const detailsText: Record<Exclude<Details, 'good'>, string[]> = {
  empty: ['Enter your phone number', 'Enter a password'],
  bad: ['Enter a valid phone number, for example +46701234567', 'The password does not meet the requirements'],
};
const referralText: Partial<Record<Referral, string>> = {
  none: 'Choose your bank card',
  annat0: 'Enter the first six digits of your bank card',
  annat3: 'Enter the first six digits of your bank card',
  codeEmpty: 'Enter your referral code',
  codeShort: 'The referral code is not valid',
};
const allMessages = [...detailsText.empty, ...detailsText.bad, ...new Set(Object.values(referralText))];
const phoneValue: Record<Details, string> = { empty: '', bad: '12345', good: '070 123 45 67' };
const digitsValue: Partial<Record<Referral, string>> = { annat0: '', annat3: '123', annat6: '123456' };
const codeValue: Partial<Record<Referral, string>> = { codeEmpty: '', codeShort: 'AB12', codeGood: 'AB12CD' };
const sentCode: Partial<Record<Referral, string>> = { annat6: '123456', card: '522661', codeGood: 'AB12CD' };

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' });
const digit = (n: number) => screen.getByRole<HTMLInputElement>('textbox', { name: `Digit ${n} of 6` });

/** Types digits one key at a time from box `from`, checking that focus moves on by itself. */
async function typeDigits(user: ReturnType<typeof userEvent.setup>, from: number, digits: string) {
  await user.click(digit(from));
  for (const [i, d] of [...digits].entries()) {
    expect(document.activeElement).toBe(digit(from + i));
    await user.keyboard(d);
  }
  expect(document.activeElement).toBe(digit(Math.min(from + digits.length, 6)));
}

/** One generated test per transition of the world explored from `start` with `events`. */
function modelTests(brand: () => Brand, start: World, events: string[]) {
  const model = createTestModel(createMachine({ id: 'setUpWorld', initial: name(start), states: exploreWorlds(start, events, next, name) }));
  for (const path of pathPerTransition(model.getShortestPaths())) {
    const steps = path.steps.map((s) => s.event.type).join(' → ') || 'start';
    it(`${steps} shows ${String(path.state.value)}`, async () => {
      const fake = renderSetUpApp(brand());
      const user = userEvent.setup({ delay: null });
      let world = start;
      let expectedRequests = 0;
      await screen.findByRole('button', { name: 'Continue' });
      if (start.referral === 'card') await user.click(screen.getByRole('radio', { name: 'Allkort' }));
      if (start.details === 'good') {
        await user.type(field('Phone number'), phoneValue.good);
        await user.type(field('Choose a password'), 'Secret123');
      }
      const submit = async () => {
        if (valid(world)) expectedRequests++;
        await user.click(screen.getByRole('button', { name: 'Continue' }));
      };
      const fillDetails = async (details: Details) => {
        await user.clear(field('Phone number'));
        await user.type(field('Phone number'), phoneValue[details]);
        await user.clear(field('Choose a password'));
        await user.type(field('Choose a password'), details === 'good' ? 'Secret123' : 'secret');
      };

      await model.testPath(path, {
        states: {
          completed: async () => {
            expect(await screen.findByRole('list', { name: 'Offers' })).toBeTruthy();
            expect(screen.queryByRole('heading', { name: 'Complete your account' })).toBeNull();
            expect(fake.requests).toHaveLength(expectedRequests);
            expect(fake.requests.at(-1)).toEqual({ phoneNumber: '+46701234567', password: 'Secret123', referralCode: sentCode[world.referral] });
            expect(fake.signIns).toEqual([{ email: 'new@aurora.test', password: 'Secret123' }]);
            expect(fake.sessionEvents.filter((type) => type === 'session.refresh')).toHaveLength(1);
            expect(fake.memberLoads).toBe(2);
          },
          '*': async (state) => {
            const w = parse(String(state.value));
            // The screen as the world says, once it has drawn it (a refused submit's messages come a render after the press).
            await vi.waitFor(
              () => {
                expect(screen.getByRole('heading', { name: 'Complete your account' })).toBeTruthy();
                expect(fake.requests).toHaveLength(expectedRequests);
                expect(field('Phone number').value).toBe(phoneValue[w.details]);
                expect(field('E-mail').value).toBe('new@aurora.test');
                const expected = [
                  ...(w.detailsShown && w.details !== 'good' ? detailsText[w.details] : []),
                  ...(w.referralShown && referralText[w.referral] ? [referralText[w.referral]!] : []),
                ];
                for (const text of allMessages) expect(screen.queryByText(text) !== null, text).toBe(expected.includes(text));
                expect(field('Phone number').getAttribute('aria-invalid')).toBe(w.detailsShown ? 'true' : null);
                if (w.offline) expect(screen.getByRole('alert').textContent).toBe('Network Error');
                else expect(screen.queryByRole('alert')).toBeNull();
                if (w.referral in digitsValue) {
                  expect(screen.getByRole('radio', { name: 'Other' })).toHaveProperty('checked', true);
                  const boxes = within(screen.getByRole('group', { name: 'First six digits of your card' })).getAllByRole('textbox');
                  expect(boxes.map((box) => (box as HTMLInputElement).value).join('')).toBe(digitsValue[w.referral]);
                } else {
                  expect(screen.queryByRole('group', { name: 'First six digits of your card' })).toBeNull();
                }
                if (w.referral === 'card') expect(screen.getByRole('radio', { name: 'Allkort' })).toHaveProperty('checked', true);
                if (w.referral === 'none') expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
                if (w.referral in codeValue) expect(field('Referral code').value).toBe(codeValue[w.referral]);
              },
              { timeout: 5_000 },
            );
            world = w;
          },
        },
        events: {
          SUBMIT: submit,
          SUBMIT_OFFLINE: async () => {
            fake.failures.push({ status: 600, code: 'failed_to_fetch', message: 'Network Error' });
            await submit();
            await screen.findByRole('alert');
          },
          FILL_BAD_DETAILS: () => fillDetails('bad'),
          FILL_GOOD_DETAILS: () => fillDetails('good'),
          CHOOSE_ANNAT: () => user.click(screen.getByRole('radio', { name: 'Other' })),
          TYPE_THREE_DIGITS: () => typeDigits(user, 1, '123'),
          TYPE_LAST_DIGITS: () => typeDigits(user, 4, '456'),
          CHOOSE_CARD: () => user.click(screen.getByRole('radio', { name: 'Allkort' })),
          TYPE_SHORT_CODE: () => user.type(field('Referral code'), 'AB12'),
          TYPE_GOOD_CODE: async () => {
            await user.clear(field('Referral code'));
            await user.type(field('Referral code'), 'AB12CD');
          },
        },
      });
    }, 20_000);
  }
}

const world = (details: Details, referral: Referral): World => ({
  details,
  detailsShown: false,
  referral,
  referralShown: false,
  offline: false,
  completed: false,
});

describe('set-up, generated paths through the rendered app', () => {
  // The content screens load lazily; transforming them the first time can outlast findBy's wait.
  beforeAll(
    () =>
      Promise.all([
        import('../../src/routes/ContentRoutes.tsx'),
        import('../../src/screens/setUp/SetUpScreen.tsx'),
        import('../../src/i18n/i18n.ts').then((m) => m.loadMessages('content')),
      ]), 30_000);

  describe('phone and password', () => {
    // A card is chosen first, so this model is about phone and password alone.
    modelTests(() => testBrand(), world('empty', 'card'), ['SUBMIT', 'FILL_BAD_DETAILS', 'FILL_GOOD_DETAILS']);
  });

  describe('bank-card choice (options)', () => {
    modelTests(() => testBrand(), world('good', 'none'), [
      'SUBMIT',
      'SUBMIT_OFFLINE',
      'CHOOSE_ANNAT',
      'TYPE_THREE_DIGITS',
      'TYPE_LAST_DIGITS',
      'CHOOSE_CARD',
    ]);
  });

  describe('referral code (code)', () => {
    const borealis = () => testBrand({ referralCodeInputType: 'code', referralCodeInputHint: 'Enter the 6-digit code from your invitation' });
    modelTests(borealis, world('good', 'codeEmpty'), ['SUBMIT', 'TYPE_SHORT_CODE', 'TYPE_GOOD_CODE']);
  });
});
