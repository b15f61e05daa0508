import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { createActor, createMachine } from 'xstate';
import type { appMachine } from '../../machines/app.machine.ts';
import type { Member } from '../../machines/app.rules.ts';
import type { Brand } from '../../contract/brand.ts';
import type { BrandContent } from '../../contract/brandContent.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { AppActor, WiringContext } from '../../src/appActor.ts';
import { createResolver } from '../../src/routes/resolver.ts';
import { NavigatorContext, type NavigatorRef } from '../../src/navigation/navigation.ts';
import { screens } from '../../src/routes/screens.tsx';
import { testBrand, testMember } from '../machines/fixtures.ts';
import { readOnlyApi } from './routeHarness.tsx';
import { browserContainer } from './browserContainer.ts';
import { recordingAnalytics } from './recordingAnalytics.ts';
import { brandContent } from './brandContentFixtures.ts';

interface Options {
  settings?: Partial<Brand['settings']>;
  testMode?: boolean;
  member?: Member;
  contactEmail?: string;
  /** The brand's content as GET /v1/get/brand/content answers it; an Error fails the call. */
  content?: BrandContent | Error;
}

/**
 * The More screen under a stand-in root actor (brand and member, recording what the screen sends)
 * and a stand-in navigator holding the real route table's resolver for the brand and build.
 */
async function renderMore({ settings = {}, testMode = false, member = testMember(), contactEmail, content = brandContent() }: Options = {}) {
  const brand = testBrand(settings);
  if (contactEmail !== undefined) brand.contact.email = contactEmail;
  const sent: string[] = [];
  const pushed: string[] = [];
  const root = createMachine({
    context: { brand, layout: 'mobile', member },
    on: { 'app.signOut': { actions: ({ event }) => sent.push(event.type) } },
  }) as unknown as typeof appMachine;
  const { resolve } = createResolver({ settings: brand.settings, testMode });
  const navigator = createActor(
    createMachine({
      context: { resolve },
      on: { 'nav.push': { actions: ({ event }) => pushed.push((event as unknown as { path: string }).path) } },
    }),
  ).start() as unknown as NavigatorRef;
  const { api, calls } = readOnlyApi(async () => {
    if (content instanceof Error) throw content;
    return content;
  });
  const More = screens.more;
  render(
    <I18nProvider i18n={i18n}>
      <AppActor.Provider logic={root}>
        <WiringContext.Provider value={{ api, identity: () => { throw new Error('no identity here'); }, container: browserContainer, analytics: recordingAnalytics() }}>
          <NavigatorContext.Provider value={navigator}>
            <More params={{}} path="/more" />
          </NavigatorContext.Provider>
        </WiringContext.Provider>
      </AppActor.Provider>
    </I18nProvider>,
  );
  // The More screen loads on first use (its own chunk): wait for it to replace the spinner.
  await screen.findByRole('heading', { level: 1 });
  return { sent, pushed, calls };
}

const tiles = () =>
  within(screen.getByRole('navigation', { name: 'Menu' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('More screen', () => {
  it('heads the page with the member’s first and last name and, when the brand shows it, the role name', async () => {
    await renderMore({ settings: { showBrandRoleName: true } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Maja Lind');
    expect(screen.getByText('Gold member')).toBeTruthy();
  });

  it('keeps a skeleton where the role name goes when the role could not be fetched (spec 8)', async () => {
    await renderMore({ settings: { showBrandRoleName: true }, member: { ...testMember(), role: null } });
    expect(screen.getByRole('heading', { level: 1, name: 'Maja Lind' })).toBeTruthy();
    expect(screen.getByTestId('role-skeleton').getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves the role name out when the brand setting is off', async () => {
    await renderMore({ settings: { showBrandRoleName: false } });
    expect(screen.getByRole('heading', { level: 1, name: 'Maja Lind' })).toBeTruthy();
    expect(screen.queryByText('Gold member')).toBeNull();
  });

  it('links the tiles to /more/{path} in the spec’s order; the restaurant tile only with the setting on', async () => {
    await renderMore({ settings: { restaurant: true } });
    expect(tiles()).toEqual([
      ['Restaurants', '/more/restaurant'],
      ['My promo codes', '/more/voucher'],
      ['My orders', '/more/orderHistory'],
      ['My waiting lists', '/more/waitingLists'],
      ['My categories', '/more/categories'],
      ['Profile', '/more/userinfo'],
      ['Language', '/more/language'],
      ['About', '/more/about'],
      ['FAQ', '/more/faq'],
    ]);
  });

  it('has no restaurant tile when the brand has the restaurant setting off', async () => {
    await renderMore({ settings: { restaurant: false } });
    expect(tiles().map(([name]) => name)).toEqual(['My promo codes', 'My orders', 'My waiting lists', 'My categories', 'Profile', 'Language', 'About', 'FAQ']);
  });

  it('shows the development tile only in test mode', async () => {
    await renderMore({ testMode: true });
    expect(tiles().at(-1)).toEqual(['App development', '/more/dev_test']);
  });

  it('pushes the tile’s page on the navigator when tapped', async () => {
    const { pushed } = await renderMore();
    fireEvent.click(screen.getByRole('link', { name: 'Profile' }));
    fireEvent.click(screen.getByRole('link', { name: 'My orders' }));
    expect(pushed).toEqual(['/more/userinfo', '/more/orderHistory']);
  });

  it('lets the browser open a tile in a new tab on a modified click', async () => {
    const { pushed } = await renderMore();
    let browserNavigates = false;
    // jsdom cannot open tabs: note that the browser would follow the link, then stop it.
    const follow = (event: MouseEvent) => {
      browserNavigates = !event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', follow);
    fireEvent.click(screen.getByRole('link', { name: 'FAQ' }), { ctrlKey: true });
    window.removeEventListener('click', follow);
    expect(browserNavigates).toBe(true);
    expect(pushed).toEqual([]);
  });

  it('mails the brand’s contact address with the subject "first last ID: id"', async () => {
    await renderMore();
    const contact = screen.getByRole('region', { name: 'Contact us' });
    const mail = within(contact).getByRole('link', { name: 'Send an e-mail' });
    expect(mail.getAttribute('href')).toBe('mailto:help@aurora.test?subject=Maja%20Lind%20ID%3A%20uid-1');
    expect(decodeURIComponent(mail.getAttribute('href')!.split('subject=')[1]!)).toBe('Maja Lind ID: uid-1');
  });

  it('has no mail button when the brand has no contact address', async () => {
    await renderMore({ contactEmail: '' });
    expect(screen.queryByRole('link', { name: 'Send an e-mail' })).toBeNull();
  });

  it('opens the brand’s chat in a new window from the contact section', async () => {
    await renderMore();
    const contact = screen.getByRole('region', { name: 'Contact us' });
    const chat = await within(contact).findByRole('link', { name: 'Chat with us' });
    expect([chat.getAttribute('href'), chat.getAttribute('target'), chat.getAttribute('rel')]).toEqual([
      'https://chat.aurora.test/', '_blank', 'noopener noreferrer',
    ]);
  });

  it('has no chat button when the brand has no chat link', async () => {
    const { calls } = await renderMore({ content: brandContent({ contact: { chatUrl: null } }) });
    await vi.waitFor(() => expect(calls).toEqual(['/v1/get/brand/content']));
    // Settled: the content is shown (the pop-up's Messenger comes from it).
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Support' }));
    expect(await within(screen.getByRole('dialog', { name: 'Support' })).findByRole('link', { name: 'Messenger' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Chat with us' })).toBeNull();
  });

  it('keeps mail, Contact us and Support (without chat or Messenger) when the brand’s texts fail to load', async () => {
    const { calls, pushed } = await renderMore({ content: new ApiError(600, 'failed_to_fetch', 'offline') });
    await vi.waitFor(() => expect(calls).toEqual(['/v1/get/brand/content']));
    const contact = screen.getByRole('region', { name: 'Contact us' });
    expect(within(contact).queryByRole('link', { name: 'Chat with us' })).toBeNull();
    expect(within(contact).getByRole('link', { name: 'Send an e-mail' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(within(contact).getByRole('link', { name: 'Contact us' }));
    expect(pushed).toEqual(['/more/contact']);
    await userEvent.setup({ delay: null }).click(within(contact).getByRole('button', { name: 'Support' }));
    const dialog = screen.getByRole('dialog', { name: 'Support' });
    expect(within(dialog).getAllByRole('link').map((l) => l.textContent)).toEqual(['Send an e-mail', 'App feedback', 'Request an event']);
  });

  it('links the Contact us page and opens the support pop-up from the contact section', async () => {
    const { pushed } = await renderMore();
    const contact = screen.getByRole('region', { name: 'Contact us' });
    const link = within(contact).getByRole('link', { name: 'Contact us' });
    expect(link.getAttribute('href')).toBe('/more/contact');
    fireEvent.click(link);
    expect(pushed).toEqual(['/more/contact']);
    const support = within(contact).getByRole('button', { name: 'Support' });
    expect(support.getAttribute('aria-haspopup')).toBe('dialog');
    await userEvent.setup({ delay: null }).click(support);
    const dialog = screen.getByRole('dialog', { name: 'Support' });
    const feedback = within(dialog).getByRole('link', { name: 'App feedback' }).getAttribute('href')!;
    expect(feedback.startsWith('mailto:help@aurora.test?subject=App%20feedback&body=')).toBe(true);
    expect(decodeURIComponent(feedback.split('body=')[1]!)).toContain('Member ID: uid-1');
  });

  it('signs out through the root actor', async () => {
    const { sent } = await renderMore();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(sent).toEqual(['app.signOut']);
  });
});
