import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { fromCallback, fromPromise } from 'xstate';
import type { DoorEvening, DoorPack, DoorSyncAnswer, ScanOutcome } from '../../contract/door.ts';
import type { PendingCheckIn, SignatureCheck } from '../../machines/doorScan.rules.ts';
import { doorScanMachine } from '../../machines/doorScan.machine.ts';
import { DoorScreen } from '../../src/screens/door/DoorScreen.tsx';
import { createViewfinder } from '../../src/services/doorCamera.ts';
import { activateLocale, i18n, loadMessages } from '../../src/i18n/i18n.ts';

/*
 * The door screen (issue 43) over its machine with a server that answers what each test says:
 * the answer in words, announced, with "Next ticket" focused; the reasons a ticket is refused.
 */
const evening: DoorEvening = { eveningId: 'E1', offerId: 'E', city: null, variantIds: ['V1'], title: 'Club night', startsAt: '2030-01-01T19:00:00.000Z', admitted: 3, sold: 40 };
const pack: DoorPack = { evening, publicKeys: { keys: [] }, voidTickets: [], tickets: [{ ticketId: 't1', holderName: 'Alma Berg', variantName: 'Standing' }], checkIns: [] };
const facts = { ticketId: 't1', holderName: 'Alma Berg', variantName: 'Standing', eveningTitle: 'Club night', startsAt: evening.startsAt };

/** A door whose sync fails with the server's answer, and admissions of the evening waiting. */
interface Stuck {
  pending: PendingCheckIn[];
  syncError: Error;
}

async function mountDoor(answer: ScanOutcome, language: 'en' | 'sv', stuck?: Stuck) {
  await activateLocale(language);
  await loadMessages('content');
  const logic = doorScanMachine.provide({
    actors: {
      loadEvenings: fromPromise(async () => [evening]),
      loadPack: fromPromise(async () => pack),
      checkIn: fromPromise(async () => ({ outcome: answer, at: '2030-01-01T19:05:00.000Z' })),
      checkSignature: fromPromise(async (): Promise<{ check: SignatureCheck; at: string }> => ({ check: { valid: false, claimedBrandId: null }, at: '' })),
      syncCheckIns: fromPromise(async (): Promise<DoorSyncAnswer> => {
        if (stuck) throw stuck.syncError;
        return { results: [], doubleEntries: [], evening };
      }),
      camera: fromCallback(() => () => undefined),
      watchConnection: fromCallback(() => () => undefined),
      retryWhenOnline: fromCallback(() => () => undefined),
    },
    actions: { storeDevice: () => undefined, signal: () => undefined },
  });
  render(
    <I18nProvider i18n={i18n}>
      <DoorScreen logic={logic} input={{ brandId: 'aurora', door: 'North', deviceId: 'device-1234', stored: { eveningId: 'E1', pack, pending: stuck?.pending ?? [] } }} viewfinder={createViewfinder()} />
    </I18nProvider>,
  );
}

async function renderDoor(answer: ScanOutcome, language: 'en' | 'sv' = 'en') {
  await mountDoor(answer, language);
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: language === 'sv' ? 'Biljettkod' : 'Ticket code' }), 'a.b.c');
  await user.click(screen.getByRole('button', { name: language === 'sv' ? 'Kontrollera biljett' : 'Check ticket' }));
  return { user };
}

const announced = () => document.querySelector<HTMLElement>('[role="status"][aria-live="assertive"]');

afterEach(async () => {
  cleanup();
  await activateLocale('en');
});

describe('the door screen', () => {
  it('admits: the holder, ticket type and evening announced, the count up, Next ticket focused and back to scanning', async () => {
    const { user } = await renderDoor({ outcome: 'admitted', ticket: facts, admitted: 4, sold: 40 });
    expect(await screen.findByText('Admitted')).toBeTruthy();
    const answer = announced()!;
    expect(within(answer).getByText('Alma Berg')).toBeTruthy();
    expect(within(answer).getByText('Standing')).toBeTruthy();
    expect(answer.textContent).toContain('Club night');
    expect(screen.getByLabelText('4 admitted of 40 sold')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next ticket' });
    expect(document.activeElement).toBe(next);
    await user.click(next);
    expect(announced()).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Ticket code' })).toBeTruthy();
  });

  it('tells an already admitted ticket with when and at which door', async () => {
    await renderDoor({ outcome: 'alreadyAdmitted', ticket: facts, at: '2030-01-01T18:40:00.000Z', door: 'South' });
    expect(await screen.findByText('Already admitted')).toBeTruthy();
    expect(announced()!.textContent).toMatch(/door South/);
  });

  it.each<[ScanOutcome, string, string]>([
    [{ outcome: 'wrongEvening', ticket: { ...facts, eveningTitle: 'Jazz brunch' } }, 'Wrong evening', 'This ticket is for Jazz brunch'],
    [{ outcome: 'wrongBrand' }, 'Not a ticket of this venue', 'The ticket belongs to another venue.'],
    [{ outcome: 'voided', reason: 'cancelled', ticket: facts }, 'Cancelled ticket', 'The order was cancelled.'],
    [{ outcome: 'voided', reason: 'refunded', ticket: facts }, 'Refunded ticket', 'The ticket was refunded.'],
    [{ outcome: 'forged' }, 'Not a valid ticket', 'The code is not a ticket we signed.'],
  ])('refuses %j in words', async (outcome, verdict, reason) => {
    await renderDoor(outcome);
    expect(await screen.findByText(verdict)).toBeTruthy();
    expect(announced()!.textContent).toContain(reason);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next ticket' }));
  });

  it('speaks Swedish', async () => {
    await renderDoor({ outcome: 'forged' }, 'sv');
    expect(await screen.findByText('Ingen giltig biljett')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nästa biljett' })).toBeTruthy();
  });

  it('tells a sync the server refuses, and lets the staff leave only after confirming the listed check-ins are dropped', async () => {
    const pending = [{ code: 'a.b.c', ticketId: 't1', at: '2030-01-01T19:01:00.000Z' }];
    const gone = Object.assign(new Error('No such ticketed evening'), { status: 404, code: 'door/evening-not-found' });
    await mountDoor({ outcome: 'forged' }, 'en', { pending, syncError: gone });
    const user = userEvent.setup();
    const stuck = await screen.findByRole('alert', { name: 'Sync failed' });
    expect(stuck.textContent).toContain('door/evening-not-found');
    expect(screen.getByRole('button', { name: 'Change evening or door' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(stuck).getByRole('button', { name: 'Change evening anyway' }));
    expect(within(stuck).getByText('Alma Berg')).toBeTruthy();
    await user.click(within(stuck).getByRole('button', { name: 'Keep them' }));
    expect(screen.getByText('1 check-in waiting to sync')).toBeTruthy();
    await user.click(within(stuck).getByRole('button', { name: 'Change evening anyway' }));
    await user.click(within(stuck).getByRole('button', { name: 'Drop them and change evening' }));
    expect(await screen.findByLabelText('Name of this door')).toBeTruthy();
    // The evening left is still on the device: back to it, with nothing waiting.
    await user.click(screen.getByRole('button', { name: 'Back to Club night' }));
    expect(await screen.findByRole('textbox', { name: 'Ticket code' })).toBeTruthy();
    expect(screen.queryByText(/waiting to sync/)).toBeNull();
  });
});
