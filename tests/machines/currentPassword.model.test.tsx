import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/apiError.ts';
import { pathPerTransition, withoutPrefixes } from './modelPaths.ts';
import { profileMember, renderProfile, type Answer, type ProfileRequest } from './profileHarness.tsx';

/*
 * The current-password dialog as the member meets it on the rendered profile screen, which
 * opens it before an e-mail change and when a delete needs a recent sign-in (spec 4, 5). The
 * model: an empty confirm asks for the password; a confirmed password is used while the dialog
 * waits, read-only; a refused one is cleared and told (a wrong password as an invalid password,
 * too many attempts as such), and asked for again; typing puts the message away; Cancel and
 * Escape close it and nothing is sent. The dialog's outcome for the profile (saved, deleted) is
 * walked in profile.model.test.tsx.
 */
const model = createTestModel(
  createMachine({
    id: 'currentPasswordWorld',
    initial: 'closed',
    states: {
      closed: { on: { OPEN_FOR_EMAIL_CHANGE: 'asking', OPEN_FOR_DELETE: 'askingForDelete' } },
      asking: { on: { CONFIRM: 'missing', TYPE_WRONG: 'typedWrong', CANCEL: 'cancelled', ESCAPE: 'cancelled' } },
      missing: { on: { TYPE_WRONG: 'typedWrong' } },
      typedWrong: { on: { CONFIRM_AND_HOLD: 'checkingWrong', CONFIRM_TOO_OFTEN: 'tooManyAttempts' } },
      checkingWrong: { on: { TYPE_WHILE_CHECKING: 'checkingWrong', SERVER_REFUSES: 'refused' } },
      refused: { on: { CONFIRM: 'missingAfterRefusal', TYPE_RIGHT: 'typedRight', ESCAPE: 'cancelled' } },
      missingAfterRefusal: {},
      tooManyAttempts: { on: { TYPE_RIGHT: 'typedRight' } },
      typedRight: { on: { CONFIRM_AND_HOLD: 'checkingRight' } },
      checkingRight: { on: { SERVER_ACCEPTS: 'closedSaved' } },
      closedSaved: {},
      cancelled: {},
      askingForDelete: { on: { TYPE_WRONG: 'deleteTypedWrong' } },
      deleteTypedWrong: { on: { CONFIRM: 'deleteRefused' } },
      deleteRefused: { on: { TYPE_RIGHT: 'deleteTypedRight' } },
      deleteTypedRight: { on: { CONFIRM: 'closedDeleted' } },
      closedDeleted: {},
    },
  }),
);

interface Shown {
  open: false | 'email' | 'delete';
  value?: string;
  error?: string;
  busy?: boolean;
}
const invalid = 'Invalid password';
const shown: Record<string, Shown> = {
  closed: { open: false },
  asking: { open: 'email', value: '' },
  missing: { open: 'email', value: '', error: 'Enter your current password' },
  typedWrong: { open: 'email', value: 'Wrong1234' },
  checkingWrong: { open: 'email', value: 'Wrong1234', busy: true },
  refused: { open: 'email', value: '', error: invalid },
  missingAfterRefusal: { open: 'email', value: '', error: 'Enter your current password' },
  tooManyAttempts: {
    open: 'email',
    value: '',
    error:
      'Access to this account has been temporarily disabled due to many failed login attempts. You can restore it by resetting your password or try again later.',
  },
  typedRight: { open: 'email', value: 'Password1' },
  checkingRight: { open: 'email', value: 'Password1', busy: true },
  closedSaved: { open: false },
  cancelled: { open: false },
  askingForDelete: { open: 'delete', value: '' },
  deleteTypedWrong: { open: 'delete', value: 'Wrong1234' },
  deleteRefused: { open: 'delete', value: '', error: invalid },
  deleteTypedRight: { open: 'delete', value: 'Password1' },
  closedDeleted: { open: false },
};
const messages = {
  email: 'Enter your current password to change your e-mail address or password.',
  delete:
    'For your security, please confirm with your password before deleting the account. If you signed in with BankID, sign out and in again instead, then delete the account.',
};

/** The update endpoint checks the current password (and may be held by the test); delete needs a new sign-in once. */
function fakeServer() {
  const server = { hold: false, held: null as null | (() => void), tooOften: false, deletes: 0, updates: [] as unknown[] };
  const answer = async (request: ProfileRequest): Promise<Answer> => {
    if (request.method === 'DELETE') {
      server.deletes++;
      return server.deletes === 1 ? { status: 403, body: { code: 'auth/requires-recent-login', message: 'old' } } : { status: 204, body: {} };
    }
    server.updates.push(request.body);
    if (server.hold) await new Promise<void>((resolve) => (server.held = resolve));
    const { currentPassword, ...changes } = request.body as { currentPassword: string };
    // The API's answer for too many failed current-password checks (server/identity/embedded/accountAdmin.ts).
    if (server.tooOften) return { status: 429, body: { code: 'auth/too-many-attempts', message: 'slow down' } };
    if (currentPassword !== 'Password1') return { status: 400, body: { code: 'auth/wrong-password', message: 'wrong' } };
    return { status: 200, body: { ...profileMember().user, ...changes } };
  };
  const signIns: string[] = [];
  const identity = {
    signInWithPassword: async (email: string, password: string) => {
      signIns.push(password);
      if (password !== 'Password1') throw new ApiError(400, 'auth/invalid-credential', 'wrong');
      return { uid: 'uid-1', email };
    },
  };
  return { server, answer, identity, signIns };
}

const dialog = () => screen.queryByRole('dialog', { name: 'Confirm with your password' });
const passwordField = () => screen.getByLabelText<HTMLInputElement>('Current password', { selector: 'input' });
const toldAt = (input: HTMLElement) =>
  input.getAttribute('aria-invalid') === 'true' ? document.getElementById(input.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent : null;

afterEach(cleanup);

describe('the current-password dialog on the rendered profile, generated paths', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps} shows ${String(path.state.value)}`, { timeout: 20_000 }, async () => {
      const fake = fakeServer();
      const { user } = renderProfile(fake.answer, fake.identity);
      await screen.findByRole('heading', { name: 'Profile' });
      const button = (name: RegExp) => within(dialog()!).getByRole('button', { name });
      const type = async (text: string) => {
        await user.clear(passwordField());
        await user.type(passwordField(), text);
      };
      let sentBeforeClosing = 0;
      const confirm = () => user.click(button(/^(Confirm|Saving…|Deleting…)$/));

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const s = shown[String(state.value)]!;
            if (!s.open) {
              await vi.waitFor(() => expect(dialog()).toBeNull());
              return;
            }
            const open = dialog()!;
            expect(document.getElementById(open.getAttribute('aria-describedby')!)?.textContent).toBe(messages[s.open]);
            expect(passwordField().value).toBe(s.value);
            expect(toldAt(passwordField()) ?? null).toBe(s.error ?? null);
            // The field is what to fill in: it has the focus, also after a refusal.
            if (!s.busy) expect(document.activeElement).toBe(passwordField());
            expect(passwordField().readOnly).toBe(Boolean(s.busy));
            const action = button(/^(Confirm|Saving…|Deleting…)$/);
            expect(action.textContent).toBe(s.busy ? 'Saving…' : 'Confirm');
            expect(action.getAttribute('aria-disabled')).toBe(String(Boolean(s.busy)));
          },
          closed: () => expect(dialog()).toBeNull(),
          cancelled: async () => {
            await vi.waitFor(() => expect(dialog()).toBeNull());
            // Nothing more was sent, and the focus is back where the member was.
            expect(fake.server.updates).toHaveLength(sentBeforeClosing);
            expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save changes' }));
          },
          closedSaved: async () => {
            await vi.waitFor(() => expect(dialog()).toBeNull());
            expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
          },
          closedDeleted: async () => {
            await vi.waitFor(() => expect(dialog()).toBeNull());
            expect(fake.signIns).toEqual(['Wrong1234', 'Password1']);
            expect(fake.server.deletes).toBe(2);
          },
        },
        events: {
          OPEN_FOR_EMAIL_CHANGE: async () => {
            const email = screen.getAllByLabelText<HTMLInputElement>('E-mail', { selector: 'input' })[0]!;
            await user.clear(email);
            await user.type(email, 'maja@new.test');
            await user.click(screen.getByRole('button', { name: 'Save changes' }));
            await screen.findByRole('dialog', { name: 'Confirm with your password' });
          },
          OPEN_FOR_DELETE: async () => {
            await user.click(screen.getByRole('button', { name: 'Delete account' }));
            await user.click(within(screen.getByRole('dialog', { name: 'Delete your account?' })).getByRole('button', { name: 'Delete account' }));
            await screen.findByRole('dialog', { name: 'Confirm with your password' });
          },
          CONFIRM: async () => {
            await confirm();
            // Answered: the dialog asks again, or the profile went on without it.
            await vi.waitFor(() => expect(dialog() === null || !passwordField().readOnly).toBe(true));
          },
          CONFIRM_AND_HOLD: async () => {
            fake.server.hold = true;
            await confirm();
            await vi.waitFor(() => expect(fake.server.held).not.toBeNull());
          },
          CONFIRM_TOO_OFTEN: async () => {
            fake.server.tooOften = true;
            await confirm();
            await vi.waitFor(() => expect(passwordField().value).toBe(''));
            fake.server.tooOften = false;
          },
          TYPE_WRONG: () => type('Wrong1234'),
          TYPE_RIGHT: () => type('Password1'),
          // Read-only while the password is in use: typing changes nothing.
          TYPE_WHILE_CHECKING: () => user.type(passwordField(), 'x'),
          SERVER_REFUSES: async () => {
            fake.server.hold = false;
            fake.server.held!();
            await vi.waitFor(() => expect(passwordField().readOnly).toBe(false));
          },
          SERVER_ACCEPTS: () => {
            fake.server.hold = false;
            fake.server.held!();
          },
          CANCEL: () => ((sentBeforeClosing = fake.server.updates.length), user.click(button(/^Cancel$/))),
          ESCAPE: () => ((sentBeforeClosing = fake.server.updates.length), user.keyboard('{Escape}')),
        },
      });
    });
  }
});
