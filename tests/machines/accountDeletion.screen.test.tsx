import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAppWithFakes } from './appHarness.tsx';
import { variant } from '../../src/components/button.css.ts';

/** A member deletes the account from /more/userinfo in the real app, over fake services. */
describe('deleting the account', () => {
  // The content screens load lazily; transforming them the first time can outlast findBy's wait.
  beforeAll(
    () =>
      Promise.all([
        import('../../src/routes/ContentRoutes.tsx'),
        import('../../src/i18n/i18n.ts').then((m) => m.loadMessages('content')),
        import('../../src/routes/AuthRoutes.tsx'),
      ]),
    30_000,
  );

  it('confirms with a destructive-looking button and ends on a clear message at sign-in', async () => {
    window.history.replaceState(null, '', '/more/userinfo');
    const app = renderAppWithFakes();
    const calls: string[] = [];
    app.answerApi(async (method, path) => {
      calls.push(`${method} ${path}`);
      return null;
    });
    app.setSignedIn(true);
    await app.answerBrand();
    await app.answerMember();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Delete account' }, { timeout: 15_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(confirm.className).toContain(variant.danger);
    expect(within(dialog).getByRole('button', { name: 'Cancel' }).className).not.toContain(variant.danger);
    await user.click(confirm);

    const notice = await screen.findByRole('heading', { name: 'Your account was deleted' }, { timeout: 15_000 });
    expect(notice.closest('[role="status"]')!.textContent).toContain('Thank you for the time you spent with us.');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    // One deletion, and nothing else changed (the More page beneath may read the brand's contact links).
    expect(calls.filter((call) => !call.startsWith('GET '))).toEqual(['DELETE /v1/delete/user']);
    expect(window.location.pathname).toBe('/');
  });
});
