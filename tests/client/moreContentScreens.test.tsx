import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import type { BrandContent } from '../../contract/brandContent.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { readOnlyApi, renderRoute } from './routeHarness.tsx';
import { brandContent } from './brandContentFixtures.ts';
import { enMessages, svMessages } from './catalogs.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  act(() => i18n.loadAndActivate({ locale: 'en', messages: enMessages }));
});

const serve = (content: BrandContent | (() => BrandContent) = brandContent()) =>
  readOnlyApi(async () => (typeof content === 'function' ? content() : content));

describe('About', () => {
  it('shows the brand’s about text in paragraphs, its terms and privacy in a new window, and customer service', async () => {
    const { api } = serve();
    renderRoute('about', '/more/about', api);
    expect(await screen.findByRole('heading', { level: 1, name: 'About Aurora' })).toBeTruthy();
    expect(screen.getByText('Aurora is a club for the northern lights.').tagName).toBe('P');
    expect(screen.getByText('We have been around since 2011.').tagName).toBe('P');
    const documents = screen.getByRole('navigation', { name: 'Terms and privacy' });
    const links = within(documents).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href'), l.getAttribute('target'), l.getAttribute('rel')])).toEqual([
      ['Terms of membership', 'https://aurora.test/terms', '_blank', 'noopener noreferrer'],
      ['Privacy policy', 'https://aurora.test/privacy', '_blank', 'noopener noreferrer'],
    ]);
    const service = screen.getByRole('region', { name: 'Customer service' });
    expect(within(service).getByText('We answer within a day.')).toBeTruthy();
    expect(within(service).getByRole('link', { name: 'kundservice@aurora.test' }).getAttribute('href')).toBe(
      `mailto:kundservice@aurora.test?subject=${encodeURIComponent('Maja Lind ID: uid-1')}`,
    );
    expect(within(service).getByRole('link', { name: '+46 8 555 010 00' }).getAttribute('href')).toBe('tel:+46855501000');
  });

  it('shows the build’s version and links the guide again in-app', async () => {
    const { api } = serve();
    const { pushed } = renderRoute('about', '/more/about', api);
    expect(await screen.findByRole('button', { name: 'Version 5.23.3' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Show the guide again' }));
    expect(pushed).toEqual(['/more/guide']);
  });

  it('keeps the version and the guide when the texts fail to load, with a retry', async () => {
    let down = true;
    const { api, calls } = readOnlyApi(async () => {
      if (down) throw new ApiError(600, 'failed_to_fetch', 'offline');
      return brandContent();
    });
    renderRoute('about', '/more/about', api);
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'Version 5.23.3' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show the guide again' })).toBeTruthy();
    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About Aurora' })).toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  it('taps the version six times to no effect; the seventh says this browser has no push token', async () => {
    const { api } = serve();
    renderRoute('about', '/more/about', api);
    const version = await screen.findByRole('button', { name: 'Version 5.23.3' });
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    for (let i = 0; i < 6; i++) fireEvent.click(version);
    expect(status.textContent).toBe('');
    fireEvent.click(version);
    await vi.waitFor(() => expect(status.textContent).toBe('No push token on this device'));
  });
});

describe('the brand content cache across the More screens', () => {
  it('asks the server once for FAQ, About and Contact us in one language, again in another, even with two screens asking at once', async () => {
    const { api, calls } = serve(() => brandContent({ language: i18n.locale }));
    renderRoute('faq', '/more/faq', api);
    await screen.findByRole('button', { name: 'What does membership cost?' });
    cleanup();
    renderRoute('about', '/more/about', api);
    await screen.findByRole('heading', { level: 1, name: 'About Aurora' });
    cleanup();
    renderRoute('contact', '/more/contact', api);
    await screen.findByRole('region', { name: 'Call us' });
    expect(calls).toEqual(['/v1/get/brand/content']);
    act(() => i18n.loadAndActivate({ locale: 'sv', messages: svMessages }));
    // Contact us (still shown) and the FAQ ask for the Swedish texts at the same time.
    renderRoute('faq', '/more/faq', api);
    await screen.findByRole('button', { name: 'Vad kostar medlemskapet?' });
    await screen.findByRole('region', { name: 'Ring oss' });
    expect(calls).toEqual(['/v1/get/brand/content', '/v1/get/brand/content']);
  });
});

describe('Contact us', () => {
  /** The page at an instant, in the device's zone given by TZ (the page must not care). */
  async function openAt(iso: string, content = brandContent(), callUs = 'Call us') {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
    const { api } = serve(content);
    const page = renderRoute('contact', '/more/contact', api);
    const call = await screen.findByRole('region', { name: callUs });
    return { call, ...page };
  }

  const hours = (call: HTMLElement) =>
    within(call)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);

  it('lists the phone hours per weekday, equal days grouped, in 24-hour time', async () => {
    const { call } = await openAt('2026-12-02T12:00:00Z');
    expect(hours(call)).toEqual(['Monday–Friday 09:00–19:00', 'Saturday 09:00–15:00', 'Sunday Closed']);
    expect(within(call).getByText('Other hours on event nights.')).toBeTruthy();
    expect(within(call).getByText('Times are Central European Time.')).toBeTruthy();
  });

  it('says support is open now, until when, on a weekday afternoon in Stockholm', async () => {
    const { call } = await openAt('2026-12-02T12:00:00Z');
    expect(within(call).getByText('Open now, until 19:00.')).toBeTruthy();
    const dial = within(call).getByRole('link', { name: 'Call +46 8 555 010 00' });
    expect(dial.getAttribute('href')).toBe('tel:+46855501000');
    expect(document.getElementById(dial.getAttribute('aria-describedby')!)!.textContent).toBe('Open now, until 19:00.');
  });

  it('says support is closed on Saturday evening and opens Monday, whatever zone the device is in', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      // Saturday 16:30 in Stockholm, already Sunday 00:30 in Tokyo.
      const { call } = await openAt('2026-12-05T15:30:00Z');
      expect(within(call).getByText('Closed now. Opens Monday at 09:00.')).toBeTruthy();
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('says when it opens later today, in the member’s language', async () => {
    act(() => i18n.loadAndActivate({ locale: 'sv', messages: svMessages }));
    const { call } = await openAt('2026-12-02T06:30:00Z', brandContent(), 'Ring oss');
    expect(within(call).getByText('Stängt just nu. Öppnar i dag kl. 09:00.')).toBeTruthy();
    expect(hours(call)).toEqual(['Måndag–fredag 09:00–19:00', 'Lördag 09:00–15:00', 'Söndag Stängt']);
  });

  it('opens the brand’s chat in a new window, and has no chat button when the brand has no chat', async () => {
    await openAt('2026-12-02T12:00:00Z');
    const chat = screen.getByRole('link', { name: 'Chat with us' });
    expect([chat.getAttribute('href'), chat.getAttribute('target')]).toEqual(['https://chat.aurora.test/', '_blank']);
    cleanup();
    // Another device, with nothing cached.
    localStorage.clear();
    await openAt('2026-12-02T12:00:00Z', brandContent({ contact: { chatUrl: null } }));
    expect(screen.queryByRole('link', { name: 'Chat with us' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Chat' })).toBeNull();
  });

  it('has no call section for a brand that gave no phone number (no "Closed" without a number to call)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-02T12:00:00Z'));
    const { api } = serve(brandContent({ contact: { phone: '', supportHours: { timeZone: 'Europe/Stockholm', weekly: [], note: '' } } }));
    renderRoute('contact', '/more/contact', api);
    expect(await screen.findByRole('link', { name: 'Chat with us' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Call us' })).toBeNull();
    expect(screen.queryByText(/Closed/)).toBeNull();
  });

  it('mails customer service with the subject "first last ID: id"', async () => {
    await openAt('2026-12-02T12:00:00Z');
    expect(screen.getByRole('link', { name: 'Send an e-mail' }).getAttribute('href')).toBe(
      `mailto:help@aurora.test?subject=${encodeURIComponent('Maja Lind ID: uid-1')}`,
    );
  });
});

describe('the support pop-up', () => {
  const bodyOf = (href: string) => decodeURIComponent(new URL(href).searchParams.get('body') ?? '');
  const subjectOf = (href: string) => new URL(href).searchParams.get('subject');

  async function openSupport(content = brandContent()) {
    const { api } = serve(content);
    renderRoute('contact', '/more/contact', api);
    await screen.findByRole('region', { name: 'Call us' });
    const user = userEvent.setup({ delay: null });
    const button = screen.getByRole('button', { name: 'Support' });
    await user.click(button);
    return { dialog: screen.getByRole('dialog', { name: 'Support' }), user, button };
  }

  it('offers mail, Messenger, app feedback and an event request, the last two as prefilled mails naming the member', async () => {
    const { dialog } = await openSupport();
    const links = within(dialog).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Send an e-mail', 'Messenger', 'App feedback', 'Request an event']);
    const [mail, messenger, feedback, event] = links.map((l) => l.getAttribute('href')!);
    expect(mail).toBe(`mailto:help@aurora.test?subject=${encodeURIComponent('Maja Lind ID: uid-1')}`);
    expect([messenger, links[1]!.getAttribute('target')]).toEqual(['https://m.me/aurora', '_blank']);
    expect(feedback!.startsWith('mailto:help@aurora.test?')).toBe(true);
    expect(subjectOf(feedback!)).toBe('App feedback');
    expect(bodyOf(feedback!)).toBe('Hi,\n\nMy feedback on the app:\n\n\n\nMember ID: uid-1');
    expect(subjectOf(event!)).toBe('Request an event');
    expect(bodyOf(event!)).toContain('Member ID: uid-1');
    // Encoded: no raw spaces or line breaks in the address.
    expect(feedback).not.toMatch(/[\s]/);
  });

  it('hides Messenger when the brand has none', async () => {
    const { dialog } = await openSupport(brandContent({ contact: { messengerUrl: null } }));
    expect(within(dialog).getAllByRole('link').map((l) => l.textContent)).toEqual(['Send an e-mail', 'App feedback', 'Request an event']);
  });

  it('takes focus, closes on Escape and gives focus back to the Support button', async () => {
    const { dialog, user, button } = await openSupport();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
