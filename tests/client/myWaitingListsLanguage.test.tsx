import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { act, cleanup, screen } from '@testing-library/react';
import type { MemberWaitingListPlace } from '../../contract/waitingList.ts';
import { activateLocale } from '../../src/i18n/i18n.ts';
import { readOnlyApi, renderRoute } from './routeHarness.tsx';

/** /more/waitingLists through the route table, over a fake API that names the place in the language asked in (issue 41). */
const named = { en: 'Fjord Lines tour', sv: 'Fjord Lines-turnén', nb: 'Fjord Lines-turneen' } as const;
const seat = { en: 'Standing', sv: 'Ståplats', nb: 'Ståplass' } as const;
const place = (): MemberWaitingListPlace => {
  const language = i18n.locale as keyof typeof named;
  return {
    itemVariantId: 'v1', status: 'waiting', place: 2, offeredUntil: null,
    offerId: 'aurora-live-001', offerType: 'live', offerTitle: named[language], variantTitle: seat[language], dateStart: null, city: 'Malmö',
  };
};

afterEach(async () => {
  cleanup();
  await activateLocale('en');
});

describe('My waiting lists and the app language', () => {
  it('loads the places again when the member switches language, so the offer and seat names follow it', async () => {
    const { api, calls } = readOnlyApi(async () => [place()]);
    renderRoute('myWaitingLists', '/more/waitingLists', api);
    expect(await screen.findByText(named.en)).toBeTruthy();
    await act(() => activateLocale('sv'));
    expect(await screen.findByText(named.sv)).toBeTruthy();
    expect(screen.getByText(new RegExp(`^${seat.sv}`))).toBeTruthy();
    expect(screen.queryByText(named.en)).toBeNull();
    expect(calls).toHaveLength(2);
  });
});
