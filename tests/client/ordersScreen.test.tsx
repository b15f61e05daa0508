import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '../../contract/checkout.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { activateLocale, loadMessages } from '../../src/i18n/i18n.ts';
import { readOnlyApi, renderRoute } from './routeHarness.tsx';
import { createContainerService } from '../../src/services/container.ts';
import { evening, order } from './orderFixtures.ts';

/** /more/orderHistory through the route table (lazy screen and wiring), over a fake API. */
function renderOrders(answer: () => Promise<Order[]>) {
  const { api, calls } = readOnlyApi(answer);

  renderRoute('orders', '/more/orderHistory', api);
  return { calls };
}

const facts = (region: HTMLElement) =>
  Object.fromEntries(
    within(region)
      .getAllByRole('term')
      .map((term) => [term.textContent?.replace(/[\u00a0\u202f]/g, ' '), term.nextElementSibling?.textContent?.replace(/[\u00a0\u202f]/g, ' ')]),
  );

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await activateLocale('en');
});

const withTickets = (id: string) =>
  order(id, '2026-11-24T10:00:00Z', {
    ticketList: [
      { id: 't-1', lineNo: 1, unitNo: 1, itemVariantId: `${id}-v`, code: 'eyJhbGciOiJFZERTQSJ9.eyJ0IjoidC0xIn0.c2lnbmF0dXJlLTE' },
      { id: 't-2', lineNo: 1, unitNo: 2, itemVariantId: `${id}-v`, code: 'eyJhbGciOiJFZERTQSJ9.eyJ0IjoidC0yIn0.c2lnbmF0dXJlLTI' },
    ],
  });

describe('tickets and calendar in the order panel', () => {
  it('shows one QR code per ticket, each labelled for screen readers and carrying its own code', async () => {
    renderOrders(async () => [withTickets('o-7')]);
    fireEvent.click(await screen.findByRole('button', { name: /^Order o-7/ }));
    const tickets = screen.getByRole('list', { name: 'Tickets for Mørketid live: Standing' });
    const codes = within(tickets).getAllByRole('img');
    expect(codes.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Ticket 1 of 2: Mørketid live, Standing. Show this QR code at the door.',
      'Ticket 2 of 2: Mørketid live, Standing. Show this QR code at the door.',
    ]);
    expect(codes.map((c) => c.getAttribute('data-qr-content'))).toEqual(withTickets('o-7').ticketList.map((t) => t.code));
    // Drawn, not empty: a QR code of a code this long has well over a hundred dark modules.
    expect(codes[0]!.querySelector('path')!.getAttribute('d')!.split('M').length).toBeGreaterThan(100);
    // Each code has a visible caption: which ticket of how many, the event and the seat type.
    const captions = within(tickets).getAllByRole('listitem').map((item) => [...item.querySelectorAll('p > *')].map((part) => part.textContent));
    expect(captions).toEqual([
      ['Ticket 1 of 2', 'Mørketid live', 'Standing'],
      ['Ticket 2 of 2', 'Mørketid live', 'Standing'],
    ]);
  });

  it('adds the event by web calendar link or ICS file in a browser', async () => {
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (files.push(blob as Blob), 'blob:calendar'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('mørketid-live-standing.ics');
    });
    renderOrders(async () => [withTickets('o-7')]);
    fireEvent.click(await screen.findByRole('button', { name: /^Order o-7/ }));
    const calendar = screen.getByRole('group', { name: 'Add Mørketid live: Standing to your calendar' });
    const link = new URL(within(calendar).getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href')!);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Mørketid live: Standing',
      dates: '20261209T180000Z/20261209T210000Z',
      details: '',
      location: 'Hötorget 8, 111 57 Stockholm',
    });
    fireEvent.click(within(calendar).getByRole('button', { name: 'Download calendar file' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const ics = await files[0]!.text();
    expect(files[0]!.type).toBe('text/calendar;charset=utf-8');
    expect(ics).toContain('SUMMARY:Mørketid live: Standing');
    expect(ics).toContain('DTSTART:20261209T180000Z');
    expect(ics).toContain(`UID:${withTickets('o-7').id}-1@klubb`);
  });

  it('inside the iOS container, hands the event to the native bridge in seconds', async () => {
    const postMessage = vi.fn();
    const win = { webkit: { messageHandlers: { createCalendarEvent: { postMessage } } } } as unknown as Window;
    const { api } = readOnlyApi(async () => [withTickets('o-7')]);
    renderRoute('orders', '/more/orderHistory', api, createContainerService({ containerType: 'ios-wv', serviceUrl: null, win }));
    fireEvent.click(await screen.findByRole('button', { name: /^Order o-7/ }));
    const calendar = screen.getByRole('group', { name: 'Add Mørketid live: Standing to your calendar' });
    expect(within(calendar).queryByRole('link')).toBeNull();
    fireEvent.click(within(calendar).getByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(postMessage).toHaveBeenCalledTimes(1));
    expect(postMessage).toHaveBeenCalledWith({ title: 'Mørketid live: Standing', description: '', startDate: evening / 1000, endDate: evening / 1000 + 3 * 3600 });
  });

  it('says a cancelled order is cancelled and shows neither its void tickets nor a calendar entry', async () => {
    renderOrders(async () => [{ ...withTickets('o-8'), status: 'cancelled' }]);
    const toggle = await screen.findByRole('button', { name: /^Order o-8/ });
    expect(toggle.textContent).toContain('24 November 2026, cancelled');
    fireEvent.click(toggle);
    const panel = screen.getByRole('region', { name: 'Order o-8' });
    expect(facts(panel.querySelector('dl')!).Status).toBe('Cancelled and refunded; its tickets are no longer valid.');
    expect(within(panel).queryAllByRole('img')).toHaveLength(0);
    expect(within(panel).queryByRole('group')).toBeNull();
  });

  it('says an order refunded at the payment provider is refunded, without its void tickets or a calendar entry', async () => {
    renderOrders(async () => [{ ...withTickets('o-7'), status: 'refunded' }]);
    const toggle = await screen.findByRole('button', { name: /^Order o-7/ });
    expect(toggle.textContent).toContain('24 November 2026, refunded');
    fireEvent.click(toggle);
    const panel = screen.getByRole('region', { name: 'Order o-7' });
    expect(facts(panel.querySelector('dl')!).Status).toBe('Refunded; its tickets are no longer valid.');
    expect(within(panel).queryAllByRole('img')).toHaveLength(0);
    expect(within(panel).queryByRole('group')).toBeNull();
  });

  it('only logs when the calendar cannot be reached (spec 8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const postMessage = vi.fn(() => {
      throw new Error('calendar access denied');
    });
    const win = { webkit: { messageHandlers: { createCalendarEvent: { postMessage } } } } as unknown as Window;
    const { api } = readOnlyApi(async () => [withTickets('o-7')]);
    renderRoute('orders', '/more/orderHistory', api, createContainerService({ containerType: 'ios-wv', serviceUrl: null, win }));
    fireEvent.click(await screen.findByRole('button', { name: /^Order o-7/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Add to calendar failed:', 'calendar access denied'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the order number', () => {
  it('is the short reference, shown once; the internal id is never shown', async () => {
    const placed = withTickets('K7Q-4M2P');
    renderOrders(async () => [placed]);
    fireEvent.click(await screen.findByRole('button', { name: /^Order K7Q-4M2P/ }, { timeout: 15_000 }));
    const panel = screen.getByRole('region', { name: 'Order K7Q-4M2P' });
    expect(screen.getByRole('main').textContent!.match(/K7Q-4M2P/g)).toHaveLength(1);
    expect(screen.getByRole('main').textContent).not.toContain(placed.id);
    expect(panel.textContent).not.toContain(placed.id);
  });

  it('is left out rather than showing the internal id when an order has no reference', async () => {
    const { reference: _none, ...placed } = order('o-9', '2026-11-24T10:00:00Z');
    renderOrders(async () => [placed]);
    const toggle = await screen.findByRole('button', { name: /^Order\s*Mørketid live\s*24 November 2026/ }, { timeout: 15_000 });
    fireEvent.click(toggle);
    expect(screen.getByRole('region', { name: 'Order of 24 November 2026' })).toBeTruthy();
    expect(screen.getByRole('main').textContent).not.toContain(placed.id);
  });
});

describe('/more/orderHistory', () => {
  it('lists the orders newest first as closed panels that open by click and by keyboard, with every label of the spec', async () => {
    const { calls } = renderOrders(async () => [order('o-2', '2026-11-24T10:00:00Z'), order('o-1', '2026-11-01T10:00:00Z', { additionalInfo: 'Row 3' })]);
    const list = await screen.findByRole('list', { name: 'Orders' });
    expect(calls).toEqual(['/v1/get_list/order_history']);
    const toggles = within(list).getAllByRole('button');
    expect(toggles.map((b) => b.textContent?.replace(/[\u00a0\u202f]/g, ' '))).toEqual([
      'Order o-2Mørketid live24 November 2026840,00 kr',
      'Order o-1Mørketid live1 November 2026840,00 kr',
    ]);
    expect(toggles.map((b) => b.getAttribute('aria-expanded'))).toEqual(['false', 'false']);
    expect(screen.queryByRole('region', { name: 'Order o-2' })).toBeNull();

    fireEvent.click(toggles[0]!);
    const panel = screen.getByRole('region', { name: 'Order o-2' });
    expect(toggles[0]!.getAttribute('aria-controls')).toBe(panel.id);
    expect(toggles[0]!.getAttribute('aria-expanded')).toBe('true');
    const orderFacts = panel.querySelector('dl')!;
    const lineFacts = within(panel).getByRole('list', { name: 'What you bought' });
    expect(facts(orderFacts)).toMatchObject({
      'Payment method': 'Card payment',
      Amount: '840,00 kr',
      'incl. VAT 6 %': '44,72 kr',
      'incl. VAT 25 %': '10,00 kr',
      'Purchase day': '24 November 2026',
    });
    expect(facts(lineFacts)).toMatchObject({
      Event: 'Mørketid live',
      Name: 'Standing',
      Location: 'Hötorget 8, 111 57 Stockholm',
      'Number of tickets': '2',
    });
    const mapLink = within(panel).getByRole('link', { name: 'Hötorget 8, 111 57 Stockholm' });
    expect(mapLink.getAttribute('href')).toBe('https://maps.example/konserthuset');
    expect(facts(lineFacts).Date).toBe('9 Dec 2026, 19:00');

    // By keyboard: Tab goes through the open panel (its map link, the calendar file and link) to the
    // second toggle, Enter opens it beside the first, Space on the first toggle closes the first.
    const user = userEvent.setup({ delay: null });
    toggles[0]!.focus();
    await user.tab();
    expect(document.activeElement).toBe(mapLink);
    await user.tab();
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Download calendar file' }));
    await user.tab();
    expect(document.activeElement).toBe(within(panel).getByRole('link', { name: 'Add to Google Calendar' }));
    await user.tab();
    expect(document.activeElement).toBe(toggles[1]);
    await user.keyboard('{Enter}');
    expect(toggles[1]!.getAttribute('aria-expanded')).toBe('true');
    expect(facts(screen.getByRole('region', { name: 'Order o-1' }))['Additional info']).toBe('Row 3');
    expect(screen.getByRole('region', { name: 'Order o-2' })).toBeTruthy();
    toggles[0]!.focus();
    await user.keyboard(' ');
    expect(toggles[0]!.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Order o-2' })).toBeNull();
  });

  it('names what was bought in the row: the first line\'s offer, and how many more lines (issue 41)', async () => {
    const one = order('o-1', '2026-11-01T10:00:00Z');
    const line = one.itemList[0]!;
    const several = order('o-3', '2026-11-24T10:00:00Z', {
      itemList: [line, { ...line, itemVariantId: 'shirt', offerTitle: 'Tour shirt' }, { ...line, itemVariantId: 'poster', offerTitle: 'Poster' }],
    });
    renderOrders(async () => [several, one]);
    expect((await screen.findByRole('button', { name: /^Order o-3/ })).textContent).toContain('Mørketid live + 2 more');
    const single = screen.getByRole('button', { name: /^Order o-1/ });
    expect(single.textContent).toContain('Mørketid live');
    expect(single.textContent).not.toContain('more');
  });

  it('says so when there are no orders', async () => {
    renderOrders(async () => []);
    expect(await screen.findByText('You have no orders yet.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Orders' })).toBeNull();
  });

  it('tells a failure and loads again on Try again', async () => {
    let fail = true;
    const { calls } = renderOrders(async () => {
      if (fail) throw new ApiError(500, 'internal_error', 'boom');
      return [order('o-1', '2026-11-01T10:00:00Z')];
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not fetch the data just now. Please try again.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('list', { name: 'Orders' });
    expect(calls).toHaveLength(2);
  });

  it('writes dates and labels in Swedish for a Swedish member', async () => {
    await activateLocale('sv');
    await loadMessages('content');
    renderOrders(async () => [order('o-1', '2026-11-01T10:00:00Z')]);
    const toggle = await screen.findByRole('button', { name: /^Order o-1\s*Mørketid live\s*1 november 2026\s*840,00\skr$/ });
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Order o-1' })).toBeTruthy());
    const region = screen.getByRole('region', { name: 'Order o-1' });
    expect(facts(region.querySelector('dl')!)).toMatchObject({
      Betalningssätt: 'Kortbetalning',
      Belopp: '840,00 kr',
      'varav moms 6 %': '44,72 kr',
      'varav moms 25 %': '10,00 kr',
      Köpdag: '1 november 2026',
    });
    const line = facts(within(region).getByRole('list'));
    expect(line.Evenemang).toBe('Mørketid live');
    expect(line.Datum).toMatch(/^9 dec\. 2026/);
  });

  it('loads the orders again when the member switches language, so their names follow it (issue 41)', async () => {
    const named = { en: 'Fjord Lines tour', sv: 'Fjord Lines-turnén', nb: 'Fjord Lines-turneen' } as const;
    const { i18n } = await import('@lingui/core');
    const { calls } = renderOrders(async () => [order('o-1', '2026-11-01T10:00:00Z', {
      itemList: [{ ...order('o-1', '2026-11-01T10:00:00Z').itemList[0]!, offerTitle: named[i18n.locale as keyof typeof named] }],
    })]);
    await screen.findByRole('button', { name: /^Order o-1\s*Fjord Lines tour/ });
    await act(() => activateLocale('sv'));
    await screen.findByRole('button', { name: /^Order o-1\s*Fjord Lines-turnén/ });
    expect(calls).toHaveLength(2);
  });
});
