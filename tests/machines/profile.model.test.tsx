import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/apiError.ts';
import { pathPerTransition, withoutPrefixes } from './modelPaths.ts';
import { profileMember, renderProfile, type Answer, type ProfileRequest } from './profileHarness.tsx';

/*
 * The profile screen (/more/userinfo) as the member meets it, over a fake API and identity
 * provider. The model is the spec's (2.3, 4, 5): only what changed is sent, and nothing when
 * nothing did; the form's own rules and the server's refusals are told at their fields, other
 * failures below the form; an e-mail change asks for the current password and signs in again
 * with the new address; deleting asks first, tells a failure in its dialog, asks for the
 * password when the sign-in is too old, and signs the app out once the account is gone. The
 * current-password dialog's own states are walked in currentPassword.model.test.tsx.
 */
const model = createTestModel(
  createMachine({
    id: 'profileWorld',
    initial: 'start',
    states: {
      start: { on: { SAVE: 'unchanged', CLEAR_ZIP: 'zipCleared', TYPE_COMPANY: 'companyTyped', TYPE_NEW_EMAIL: 'emailTyped', DELETE: 'confirmingDelete' } },
      unchanged: {},
      zipCleared: { on: { SAVE: 'zipRefused' } },
      zipRefused: { on: { TYPE_ZIP: 'zipRetyped' } },
      zipRetyped: {},
      companyTyped: { on: { SAVE: 'saved', SAVE_CITY_REFUSED: 'cityRefused', SAVE_WHILE_OFFLINE: 'saveFailed' } },
      saved: { on: { SAVE: 'savedThenUnchanged' } },
      savedThenUnchanged: {},
      saveFailed: { on: { SAVE: 'savedOnRetry' } },
      savedOnRetry: {},
      cityRefused: {},
      emailTyped: { on: { SAVE: 'askingPassword' } },
      askingPassword: { on: { CONFIRM_PASSWORD: 'emailSaved', CONFIRM_PASSWORD_EMAIL_TAKEN: 'emailTaken', CANCEL_PASSWORD: 'emailKept' } },
      emailSaved: {},
      emailTaken: {},
      emailKept: {},
      confirmingDelete: {
        on: { CANCEL_DELETE: 'deleteCancelled', CONFIRM_DELETE: 'deleted', CONFIRM_DELETE_WHILE_OFFLINE: 'deleteFailed', CONFIRM_DELETE_OLD_SIGN_IN: 'renewingSignIn' },
      },
      deleteCancelled: {},
      deleteFailed: { on: { CONFIRM_DELETE: 'deletedOnRetry' } },
      deletedOnRetry: {},
      deleted: {},
      renewingSignIn: { on: { CONFIRM_PASSWORD: 'deletedAfterSignIn' } },
      deletedAfterSignIn: {},
    },
  }),
);

const user0 = profileMember().user;
const newEmail = 'maja@new.test';
const put = 'PUT /v1/update/user';
const del = 'DELETE /v1/delete/user';

/** What each state shows and what reached the API, the identity provider and the app. */
interface Shown {
  email?: string;
  company?: string;
  zip?: string;
  notice?: string;
  alert?: string;
  /** A field's label and the error told at it; the field has the focus. */
  fieldError?: [string, string];
  dialog?: 'delete' | 'password' | 'passwordForDelete';
  calls?: string[];
  told?: string[];
  signIns?: string[];
}
const saved = 'Your profile has been saved.';
const unchanged = 'Nothing to save: you have not changed anything.';
const shown: Record<string, Shown> = {
  start: {},
  unchanged: { notice: unchanged },
  zipCleared: { zip: '' },
  zipRefused: { zip: '', fieldError: ['Zip code', 'This field is required'] },
  zipRetyped: {},
  companyTyped: { company: 'Acme' },
  saved: { company: 'Acme', notice: saved, calls: [put], told: ['app: app.userUpdated'] },
  savedThenUnchanged: { company: 'Acme', notice: unchanged, calls: [put], told: ['app: app.userUpdated'] },
  saveFailed: { company: 'Acme', alert: 'Network Error', calls: [put] },
  savedOnRetry: { company: 'Acme', notice: saved, calls: [put, put], told: ['app: app.userUpdated'] },
  cityRefused: { company: 'Acme', fieldError: ['City', 'Enter the city.'], calls: [put] },
  emailTyped: { email: newEmail },
  askingPassword: { email: newEmail, dialog: 'password' },
  emailKept: { email: newEmail },
  emailSaved: {
    email: newEmail, notice: saved, calls: [put], signIns: [`${newEmail} Password1`], told: ['app: app.userUpdated', 'session: session.refresh'],
  },
  emailTaken: { email: newEmail, fieldError: ['E-mail', 'The e-mail address is already in use by another account.'], calls: [put] },
  confirmingDelete: { dialog: 'delete' },
  deleteCancelled: {},
  deleteFailed: { dialog: 'delete', alert: 'Network Error', calls: [del] },
  deleted: { dialog: 'delete', calls: [del], told: ['app: app.accountDeleted'] },
  deletedOnRetry: { dialog: 'delete', calls: [del, del], told: ['app: app.accountDeleted'] },
  renewingSignIn: { dialog: 'passwordForDelete', calls: [del] },
  deletedAfterSignIn: {
    dialog: 'delete', calls: [del, del], signIns: [`${user0.email} Password1`], told: ['session: session.refresh', 'app: app.accountDeleted'],
  },
};

/** The update and delete endpoints; `next` is the answer to the next call (else the server's plain answer). */
function fakeServer() {
  const server = { next: null as Answer | 'offline' | null, bodies: [] as unknown[] };
  const answer = (request: ProfileRequest): Answer | 'offline' => {
    server.bodies.push(request.body);
    const next = server.next;
    server.next = null;
    if (next) return next;
    if (request.method === 'DELETE') return { status: 204, body: {} };
    const { currentPassword: _, ...changes } = request.body as Record<string, unknown>;
    return { status: 200, body: { ...user0, ...changes } };
  };
  const signIns: string[] = [];
  const identity = {
    signInWithPassword: async (email: string, password: string) => {
      signIns.push(`${email} ${password}`);
      if (password !== 'Password1') throw new ApiError(400, 'auth/wrong-password', 'wrong');
      return { uid: user0.id, email };
    },
  };
  return { server, answer, identity, signIns };
}

const field = (label: string) => screen.getAllByLabelText<HTMLInputElement>(label, { selector: 'input' })[0]!;
const toldAt = (input: HTMLElement) =>
  input.getAttribute('aria-invalid') === 'true' ? document.getElementById(input.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent : null;
const dialogOf = (name: string) => screen.queryByRole('dialog', { name });
const passwordField = () => screen.getByLabelText<HTMLInputElement>('Current password', { selector: 'input' });
const texts = {
  password: 'Enter your current password to change your e-mail address or password.',
  passwordForDelete:
    'For your security, please confirm with your password before deleting the account. If you signed in with BankID, sign out and in again instead, then delete the account.',
};

afterEach(cleanup);

describe('the profile on the rendered screen, generated paths', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps} shows ${String(path.state.value)}`, { timeout: 20_000 }, async () => {
      const fake = fakeServer();
      const { methods, told, user } = renderProfile(fake.answer, fake.identity);
      const calls = () => methods.map((method) => (method === 'PUT' ? put : del));
      await screen.findByRole('heading', { name: 'Profile' });
      const save = async (answer: Answer | 'offline' | null = null) => {
        fake.server.next = answer;
        await user.click(screen.getByRole('button', { name: 'Save changes' }));
        await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Saving…' })).toBeNull());
      };
      const confirmPassword = async (answer: Answer | null = null) => {
        fake.server.next = answer;
        await user.type(passwordField(), 'Password1');
        await user.click(screen.getByRole('button', { name: 'Confirm' }));
        await vi.waitFor(() => expect(dialogOf('Confirm with your password')).toBeNull());
      };
      const deleteDialog = () => dialogOf('Delete your account?')!;
      const confirmDelete = async (answer: Answer | 'offline' | null = null) => {
        fake.server.next = answer;
        const before = methods.length;
        await user.click(within(deleteDialog()).getByRole('button', { name: 'Delete account' }));
        await vi.waitFor(() => expect(methods).toHaveLength(before + 1));
      };

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const s = shown[String(state.value)]!;
            await vi.waitFor(() => expect(told).toEqual(s.told ?? []));
            expect(calls()).toEqual(s.calls ?? []);
            expect(fake.signIns).toEqual(s.signIns ?? []);
            // Only what changed is sent; an e-mail change with the confirmed password.
            const bodies = fake.server.bodies.filter((b) => b !== null);
            for (const body of bodies) {
              expect(body).toEqual(s.email ? { email: newEmail, currentPassword: 'Password1' } : { companyName: 'Acme' });
            }
            const passwordDialog = dialogOf('Confirm with your password');
            if (s.dialog === 'password' || s.dialog === 'passwordForDelete') {
              expect(document.getElementById(passwordDialog!.getAttribute('aria-describedby')!)?.textContent).toBe(texts[s.dialog]);
              expect(document.activeElement).toBe(passwordField());
            } else expect(passwordDialog).toBeNull();
            if (s.dialog === 'delete') {
              const dialog = deleteDialog();
              expect(within(dialog).queryByRole('alert')?.textContent ?? null).toBe(s.alert ?? null);
              // Gone: the dialog waits while the app signs out.
              const gone = s.told?.includes('app: app.accountDeleted') ?? false;
              expect(within(dialog).getAllByRole('button').at(-1)!.textContent).toBe(gone ? 'Deleting…' : 'Delete account');
              return;
            }
            expect(dialogOf('Delete your account?')).toBeNull();
            if (s.dialog) return;
            expect(field('E-mail').value).toBe(s.email ?? user0.email);
            expect(field('Company name').value).toBe(s.company ?? '');
            expect(field('Zip code').value).toBe(s.zip ?? '11122');
            // The note under the form: a status, or an alert for a failure.
            const form = document.querySelector('form')!;
            expect(within(form).queryByRole('status')?.textContent ?? null).toBe(s.alert ? null : (s.notice ?? ''));
            expect(screen.queryAllByRole('alert').map((a) => a.textContent)).toEqual(s.alert ? [s.alert] : []);
            const invalid = screen.queryAllByRole('textbox').filter((input) => input.getAttribute('aria-invalid') === 'true');
            expect(invalid.map((input) => toldAt(input))).toEqual(s.fieldError ? [s.fieldError[1]] : []);
            if (s.fieldError) expect(document.activeElement).toBe(field(s.fieldError[0]));
          },
        },
        events: {
          SAVE: () => save(),
          CLEAR_ZIP: () => user.clear(field('Zip code')),
          TYPE_ZIP: () => user.type(field('Zip code'), '11122'),
          TYPE_COMPANY: () => user.type(field('Company name'), 'Acme'),
          SAVE_CITY_REFUSED: () => save({ status: 400, body: { code: 'user/address-list-city-missing', message: 'city' } }),
          SAVE_WHILE_OFFLINE: () => save('offline'),
          TYPE_NEW_EMAIL: async () => {
            await user.clear(field('E-mail'));
            await user.type(field('E-mail'), newEmail);
          },
          CONFIRM_PASSWORD: () => confirmPassword(),
          CONFIRM_PASSWORD_EMAIL_TAKEN: () => confirmPassword({ status: 409, body: { code: 'auth/email-already-exists', message: 'taken' } }),
          CANCEL_PASSWORD: () => user.click(within(dialogOf('Confirm with your password')!).getByRole('button', { name: 'Cancel' })),
          DELETE: () => user.click(screen.getByRole('button', { name: 'Delete account' })),
          CANCEL_DELETE: () => user.click(within(deleteDialog()).getByRole('button', { name: 'Cancel' })),
          CONFIRM_DELETE: () => confirmDelete(),
          CONFIRM_DELETE_WHILE_OFFLINE: async () => {
            await confirmDelete('offline');
            await within(deleteDialog()).findByRole('alert');
          },
          CONFIRM_DELETE_OLD_SIGN_IN: async () => {
            await confirmDelete({ status: 403, body: { code: 'auth/requires-recent-login', message: 'old sign-in' } });
            await screen.findByRole('dialog', { name: 'Confirm with your password' });
          },
        },
      });
    });
  }
});
