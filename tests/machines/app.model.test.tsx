import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { pathPerTransition } from './modelPaths.ts';
import { renderAppWithFakes } from './appHarness.tsx';
import { testBrand, testMember } from './fixtures.ts';

/**
 * The app-phase chart as a member sees it. createTestModel cannot walk the real machine
 * (it invokes actors), so this model names the same phases and the paths drive the real
 * app machine and React views through fake services.
 */
const appPhaseModel = createMachine({
  id: 'appPhases',
  initial: 'loadingBrand',
  states: {
    loadingBrand: {
      on: {
        BRAND_FOUND_SIGNED_OUT: 'auth',
        BRAND_FOUND_SIGNED_IN: 'loadingMember',
        BRAND_UNKNOWN: 'brandError',
        CONTAINER_TOO_OLD: 'forceUpdate',
      },
    },
    auth: { on: { SIGN_IN: 'loadingMember', SUBMIT_EMPTY: 'authFieldErrors' } },
    authFieldErrors: { on: { SIGN_IN: 'loadingMember' } },
    rejected: { on: { SIGN_IN: 'loadingMember' } },
    sessionExpired: { on: { SIGN_IN: 'loadingMember' } },
    loadingMember: {
      on: {
        MEMBER_COMPLETE: 'content',
        MEMBER_NEW: 'setUp',
        MEMBER_NO_ROLE: 'rejected',
        MEMBER_TOKEN_REJECTED: 'sessionExpired',
        MEMBER_FAILS: 'memberError',
      },
    },
    content: { on: { SIGN_OUT: 'auth', ANOTHER_ACCOUNT_SIGNS_IN: 'loadingMember', SESSION_ENDS: 'sessionExpired' } },
    setUp: { on: { SIGN_OUT: 'auth', SESSION_ENDS: 'sessionExpired' } },
    memberError: { on: { RETRY: 'loadingMember' } },
    brandError: {},
    forceUpdate: {},
  },
});

const model = createTestModel(appPhaseModel);
// Computed once: walking every simple path of this chart takes seconds.
const simplePaths = model.getSimplePaths();


describe('app phases, generated paths', () => {
  // The content screens load lazily; transforming them the first time can outlast findBy's wait.
  beforeAll(() => Promise.all([import('../../src/routes/ContentRoutes.tsx'),
        import('../../src/i18n/i18n.ts').then((m) => m.loadMessages('content')), import('../../src/routes/AuthRoutes.tsx')]), 30_000);

  for (const path of pathPerTransition(simplePaths)) {
    const events = path.steps.map((step) => step.event.type).join(' → ');
    it(`${events} reaches ${String(path.state.value)}`, async () => {
      const app = renderAppWithFakes();
      const user = userEvent.setup();
      expect(screen.getByRole('status')).toBeTruthy();
      await model.testPath(path, {
        states: {
          loadingBrand: () => void expect(screen.getByRole('status')).toBeTruthy(),
          loadingMember: async () => void expect(await screen.findByRole('status')).toBeTruthy(),
          auth: async () => {
            expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
            expect(screen.queryByRole('alert')).toBeNull();
          },
          authFieldErrors: async () => {
            expect(await screen.findByText('Enter your e-mail address')).toBeTruthy();
            expect(screen.getByText('Enter your password')).toBeTruthy();
          },
          rejected: async () => {
            expect((await screen.findByRole('alert')).textContent).toContain('Please contact customer service.');
            expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
          },
          sessionExpired: async () => {
            expect((await screen.findByRole('alert')).textContent).toBe('Session has expired. Please login again.');
            expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
          },
          content: async () => {
            const list = await screen.findByRole('list', { name: 'Offers' });
            expect(within(list).getAllByRole('listitem')).toHaveLength(3);
            expect(screen.queryByRole('link', { name: /^$/ })).toBeNull();
            // No one-tap sign-out in the top bar: it is on More.
            expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
          },
          setUp: async () => void expect(await screen.findByRole('heading', { name: 'Complete your account' })).toBeTruthy(),
          memberError: async () => {
            expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
            const mail = screen.getByRole('link', { name: /customer service/i }).getAttribute('href');
            expect(mail).toBe('mailto:help@aurora.test?subject=ID%3A%20uid-1');
          },
          brandError: async () => {
            expect(await screen.findByText('This app address is not connected to any club.')).toBeTruthy();
            expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
            expect(screen.queryByRole('link', { name: /customer service/i })).toBeNull();
          },
          forceUpdate: async () => {
            expect(await screen.findByRole('heading', { name: 'Update required' })).toBeTruthy();
            expect(screen.getByRole('link', { name: 'Open the App Store' }).getAttribute('href')).toBe('https://apps.example/app');
          },
        },
        events: {
          BRAND_FOUND_SIGNED_OUT: async () => {
            app.setSignedIn(false);
            await app.answerBrand();
          },
          BRAND_FOUND_SIGNED_IN: async () => {
            app.setSignedIn(true);
            await app.answerBrand();
          },
          BRAND_UNKNOWN: () => app.failBrand({ status: 404, code: 'brand_not_found', message: 'No brand' }),
          CONTAINER_TOO_OLD: () => app.answerBrand(testBrand({ minimumContainerVersion: '6.0.0' })),
          SUBMIT_EMPTY: () => user.click(screen.getByRole('button', { name: 'Sign in' })),
          SIGN_IN: async () => {
            await user.clear(screen.getByLabelText('E-mail'));
            await user.type(screen.getByLabelText('E-mail'), 'member@aurora.test');
            await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Password1');
            await user.click(screen.getByRole('button', { name: 'Sign in' }));
          },
          MEMBER_COMPLETE: () => app.answerMember(testMember(true)),
          MEMBER_NEW: () => app.answerMember(testMember(false)),
          MEMBER_NO_ROLE: () => app.failMember({ status: 403, code: 'no_role_with_app_url', message: 'no role with app url' }),
          MEMBER_TOKEN_REJECTED: () =>
            app.failMember({ status: 401, code: 'auth/id-token-revoked', message: 'The ID token has been revoked' }),
          ANOTHER_ACCOUNT_SIGNS_IN: () => app.switchUser(),
          SESSION_ENDS: () => app.apiRejectsToken('auth/user-token-expired'),
          MEMBER_FAILS: () => app.failMember({ status: 500, code: 'internal_error', message: 'boom' }),
          SIGN_OUT: async () => {
            // Set-up has its own button; signed in, sign-out lives on More only (spec 2.3).
            const onSetUp = screen.queryByRole('heading', { name: 'Complete your account' });
            if (!onSetUp) await user.click(screen.getByRole('link', { name: 'More' }));
            await user.click(await screen.findByRole('button', { name: 'Sign out' }));
          },
          RETRY: () => user.click(screen.getByRole('button', { name: 'Try again' })),
        },
      });
    });
  }

  it('reaches every phase of the model', () => {
    const reached = new Set(
      simplePaths.flatMap((p) => [String(p.state.value), ...p.steps.map((step) => String(step.state.value))]),
    );
    expect([...reached].sort()).toEqual(Object.keys(appPhaseModel.config.states!).sort());
  });
});

describe('the no-desktop variant', () => {
  it('shows the loading screen instead of the content on desktop', async () => {
    const app = renderAppWithFakes({ layout: 'desktop', noDesktop: true });
    app.setSignedIn(true);
    await app.answerBrand();
    await app.answerMember(testMember(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Offers' })).toBeNull();
  });
});
