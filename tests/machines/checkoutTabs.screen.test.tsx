import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderAppWithFakes } from './appHarness.tsx';

/** The tab bar around /checkout, in the real app over fake services. */
describe('the tab bar at checkout', () => {
  beforeAll(
    () => Promise.all([import('../../src/routes/ContentRoutes.tsx'), import('../../src/i18n/i18n.ts').then((m) => m.loadMessages('content'))]),
    30_000,
  );

  async function openAt(path: string) {
    window.history.replaceState(null, '', path);
    const app = renderAppWithFakes();
    app.answerApi(async () => new Promise(() => undefined));
    app.setSignedIn(true);
    await app.answerBrand();
    await app.answerMember();
    return within(await screen.findByRole('navigation', { name: 'Main' }, { timeout: 15_000 }));
  }

  it('highlights no tab while the checkout shows: it belongs to no section', async () => {
    const tabs = await openAt('/checkout');
    await screen.findByRole('heading', { name: 'Checkout' }, { timeout: 15_000 });
    for (const tab of tabs.getAllByRole('link')) expect(tab.getAttribute('aria-current')).toBeNull();
  });

  it('still highlights the tab of the section shown elsewhere', async () => {
    const tabs = await openAt('/more');
    expect(tabs.getByRole('link', { name: 'More' }).getAttribute('aria-current')).toBe('page');
    expect(tabs.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });
});
