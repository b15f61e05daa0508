import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { pathPerTransition } from './modelPaths.ts';
import { renderAppWithFakes } from './appHarness.tsx';
import { testBrand, testMember } from './fixtures.ts';
import { offerDetail } from '../client/offer/offerDetailFixtures.ts';

/**
 * The app phases as a signed-out visitor of a brand that lets visitors browse
 * (settings.visitorBrowsing): the model's paths drive the real app machine and views.
 * The visitor starts on /live, so "the same page" after sign-in is checkable.
 */
const visitorModel = createMachine({
  id: 'visitorPhases',
  initial: 'loadingBrand',
  states: {
    loadingBrand: { on: { BRAND_FOUND_SIGNED_OUT: 'browsing' } },
    browsing: { on: { OPEN_SIGN_IN: 'signInDialog' } },
    signInDialog: { on: { DISMISS: 'browsing', SIGN_IN: 'loadingMember', CREATE_ACCOUNT: 'createAccount' } },
    loadingMember: { on: { MEMBER_COMPLETE: 'memberOnSamePage', MEMBER_NEW: 'setUp', MEMBER_NO_ROLE: 'rejectedInDialog' } },
    // The role error signed the account out again: the visitor starts over on the feed.
    rejectedInDialog: { on: { DISMISS: 'browsingFromStart' } },
    memberOnSamePage: { on: { SIGN_OUT: 'browsingFromStart' } },
    browsingFromStart: {},
    createAccount: { on: { GO_BACK: 'browsing' } },
    setUp: {},
  },
});

const model = createTestModel(visitorModel);
const simplePaths = model.getSimplePaths();
const visitorBrand = () => testBrand({ visitorBrowsing: true });

describe('a visitor, generated paths', () => {
  beforeAll(
    () =>
      Promise.all([
        import('../../src/routes/ContentRoutes.tsx'),
        import('../../src/i18n/i18n.ts').then((m) => m.loadMessages('content')),
        import('../../src/routes/AuthRoutes.tsx'),
      ]),
    30_000,
  );
  afterEach(() => window.history.replaceState(null, '', '/'));

  for (const path of pathPerTransition(simplePaths)) {
    const events = path.steps.map((step) => step.event.type).join(' → ');
    it(`${events} reaches ${String(path.state.value)}`, async () => {
      window.history.replaceState(null, '', '/live');
      const app = renderAppWithFakes();
      const user = userEvent.setup();
      const header = () => screen.getByRole('banner');
      const browsingAt = async (pathname: string) => {
        // The feed's offers, titled as the page (the mixed feed's, or the live feed's).
        const title = pathname === '/' ? 'Offers' : (await screen.findByRole('heading', { level: 1 })).textContent!;
        expect(within(await screen.findByRole('list', { name: title })).getAllByRole('listitem')).toHaveLength(3);
        expect(window.location.pathname).toBe(pathname);
        expect(within(header()).getByRole('button', { name: 'Sign in' })).toBeTruthy();
        expect(screen.queryByRole('button', { name: /^Cart/ })).toBeNull();
        // The public sections only: More and its pages are a member's.
        expect(screen.queryByRole('link', { name: 'More' })).toBeNull();
        expect(screen.queryByRole('dialog', { name: 'Sign in' })).toBeNull();
      };
      await model.testPath(path, {
        states: {
          loadingBrand: () => void expect(screen.getByRole('status')).toBeTruthy(),
          browsing: () => browsingAt('/live'),
          browsingFromStart: () => browsingAt('/'),
          signInDialog: async () => {
            const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
            // The form loads on the dialog's first opening.
            expect(await within(dialog).findByLabelText('E-mail')).toBeTruthy();
            expect(within(dialog).queryByRole('alert')).toBeNull();
          },
          loadingMember: async () => {
            const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
            expect(within(dialog).getByRole('status')).toBeTruthy();
          },
          rejectedInDialog: async () => {
            const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
            expect((await within(dialog).findByRole('alert')).textContent).toContain('Please contact customer service.');
          },
          memberOnSamePage: async () => {
            expect(await screen.findByRole('button', { name: /^Cart/ })).toBeTruthy();
            expect(window.location.pathname).toBe('/live');
            // The member's first visit opens the guide; the sign-in dialog is gone.
            expect(screen.queryByRole('dialog', { name: 'Sign in' })).toBeNull();
            expect(screen.getByRole('link', { name: 'More' })).toBeTruthy();
          },
          createAccount: async () => {
            expect(await screen.findByRole('heading', { name: 'Create account' })).toBeTruthy();
            expect(window.location.pathname).toBe('/createaccount');
          },
          setUp: async () => void expect(await screen.findByRole('heading', { name: 'Complete your account' })).toBeTruthy(),
        },
        events: {
          BRAND_FOUND_SIGNED_OUT: async () => {
            app.setSignedIn(false);
            await app.answerBrand(visitorBrand());
          },
          OPEN_SIGN_IN: () => user.click(within(header()).getByRole('button', { name: 'Sign in' })),
          DISMISS: async () => user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' })),
          SIGN_IN: async () => {
            const dialog = screen.getByRole('dialog');
            await user.type(await within(dialog).findByLabelText('E-mail'), 'member@aurora.test');
            await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'Password1');
            await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
          },
          CREATE_ACCOUNT: () => user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Create account' })),
          GO_BACK: async () => {
            window.history.back();
            await screen.findByRole('button', { name: 'Sign in' });
          },
          MEMBER_COMPLETE: () => app.answerMember(testMember(true)),
          MEMBER_NEW: () => app.answerMember(testMember(false)),
          MEMBER_NO_ROLE: () => app.failMember({ status: 403, code: 'no_role_with_app_url', message: 'no role with app url' }),
          SIGN_OUT: async () => {
            const guide = screen.queryByRole('dialog');
            if (guide) await user.keyboard('{Escape}');
            await user.click(screen.getByRole('link', { name: 'More' }));
            await user.click(await screen.findByRole('button', { name: 'Sign out' }));
          },
        },
      });
    });
  }

  it('reaches every state of the model', () => {
    const reached = new Set(simplePaths.flatMap((p) => [String(p.state.value), ...p.steps.map((step) => String(step.state.value))]));
    expect([...reached].sort()).toEqual(Object.keys(visitorModel.config.states!).sort());
  });
});

describe('a visitor on a member page', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('is asked to sign in there', async () => {
    window.history.replaceState(null, '', '/more/orderHistory');
    const app = renderAppWithFakes();
    app.setSignedIn(false);
    await app.answerBrand(visitorBrand());
    const page = (await screen.findByRole('heading', { name: 'Sign in to continue' })).closest('main')!;
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeTruthy();
  });

  it('meets the sign-in wall when the brand lets no visitors browse', async () => {
    window.history.replaceState(null, '', '/live');
    const app = renderAppWithFakes();
    app.setSignedIn(false);
    await app.answerBrand(testBrand({ visitorBrowsing: false }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Offers' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Browse the offers without signing in' })).toBeNull();
  });
});

describe('a visitor buying on an offer page', () => {
  beforeAll(
    () =>
      Promise.all([
        import('../../src/routes/ContentRoutes.tsx'),
        import('../../src/i18n/i18n.ts').then((m) => m.loadMessages('content')),
        import('../../src/screens/offer/OfferScreen.tsx'),
      ]),
    30_000,
  );
  afterEach(() => window.history.replaceState(null, '', '/'));

  const start = Date.now() + 30 * 86_400_000;
  const ticket = (id: string, title: string) => ({
    id, title, description: '', images: [], price: { current: 39_500, original: 39_500 }, currency: 'SEK', customFeeIdList: [], taxRates: [],
    purchaseCap: 8, date: { start, end: null }, location: { address: 'Gatan 1', zipCode: '111 11', city: 'Stockholm', mapUrl: '' },
  });
  const concert = offerDetail({
    id: 'concert',
    itemVariantType: 'ticket',
    callToAction: { type: 'payment', label: 'Buy tickets' },
    itemVariantList: [ticket('standing', 'Standing'), ticket('seated', 'Seated')],
    itemVariantAvailability: { standing: 20, seated: 20 },
  });

  it('is asked to sign in over the page, and as a member buys the ticket still chosen there', async () => {
    window.history.replaceState(null, '', '/live/concert');
    const app = renderAppWithFakes();
    app.answerApi(async (method, path) => {
      if (method === 'GET' && path === '/v1/get/offer') return concert;
      if (method === 'GET' && path === '/v1/get_list/brand/category') return { list: [], record: {} };
      if (method === 'GET' && path.startsWith('/v1/get_list/')) return [];
      throw new Error(`no fake answer for ${method} ${path}`);
    });
    app.setSignedIn(false);
    await app.answerBrand(visitorBrand());
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('City'), 'Stockholm');
    await user.selectOptions(screen.getByLabelText('Ticket'), 'Seated');

    await user.click(screen.getByRole('button', { name: 'Buy tickets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    expect(screen.queryByRole('dialog', { name: 'Add to cart' })).toBeNull();
    await user.type(await within(dialog).findByLabelText('E-mail'), 'member@aurora.test');
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'Password1');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    await app.answerMember(testMember(true));

    expect(await screen.findByRole('button', { name: /^Cart/ })).toBeTruthy();
    expect(window.location.pathname).toBe('/live/concert');
    expect((screen.getByLabelText('Ticket') as HTMLSelectElement).value).toBe('seated');
    const guide = screen.queryByRole('dialog');
    if (guide) await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Buy tickets' }));
    expect(await screen.findByRole('dialog', { name: 'Add to cart' })).toBeTruthy();
  });
});
