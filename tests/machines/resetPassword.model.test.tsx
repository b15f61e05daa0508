import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { renderAuth, type Answer, type AuthRequest } from './authHarness.tsx';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The reset-password screen (/password_reset/:token) as the member meets it, over a fake API
 * with the server's rules. The model is the spec's (2.5, 4, 5, 9): both fields are required, the
 * password follows the rule and the repeat matches, each error told at its field until that
 * field is typed in; nothing is sent before the form is valid. The server may refuse the
 * password (told at its field), find the link used or expired (no form, a way to ask for a new
 * link), or not be reached (told above the form). A saved password is confirmed in a dialog;
 * sign-in follows when it is closed or after 3 s.
 */
type Password = 'empty' | 'weak' | 'good';
type Repeat = 'empty' | 'same' | 'other';
type PasswordError = '-' | 'missing' | 'rule';
type RepeatError = '-' | 'missing' | 'mismatch';
interface World {
  page: 'form' | 'saved' | 'signIn' | 'linkUsed' | 'linkExpired' | 'forgotPassword';
  password: Password;
  repeat: Repeat;
  passwordError: PasswordError;
  repeatError: RepeatError;
  offline: boolean;
}

const passwords: Record<Password, string> = { empty: '', weak: 'secret', good: 'Secret123' };
const repeats: Record<Repeat, string> = { empty: '', same: 'Secret123', other: 'Secret124' };

/** The form's own rules (spec 5), stated apart from the code. */
function checked(w: World): World {
  const [password, repeat] = [passwords[w.password], repeats[w.repeat]];
  const passwordError: PasswordError = password === '' ? 'missing' : w.password === 'weak' ? 'rule' : '-';
  const repeatError: RepeatError = repeat === '' ? 'missing' : password !== '' && repeat !== password ? 'mismatch' : '-';
  return { ...w, passwordError, repeatError, offline: false };
}
const isValid = (w: World) => checked(w).passwordError === '-' && checked(w).repeatError === '-';
const clean = (w: World) => w.passwordError === '-' && w.repeatError === '-' && !w.offline;

const name = (w: World) => [w.page, w.password, w.repeat, w.passwordError, w.repeatError, w.offline ? 'offline' : 'online'].join('|');
const parse = (value: string): World => {
  const [page, password, repeat, passwordError, repeatError, online] = value.split('|');
  return {
    page: page as World['page'], password: password as Password, repeat: repeat as Repeat,
    passwordError: passwordError as PasswordError, repeatError: repeatError as RepeatError, offline: online === 'offline',
  };
};

/** A page without the form: what was told at the fields no longer shows. */
const left = (w: World): World => ({ ...w, passwordError: '-', repeatError: '-', offline: false });

function next(w: World, event: string): World | null {
  if (w.page === 'saved') return event === 'CLOSE_DIALOG' || event === 'WAIT_3_SECONDS' ? { ...w, page: 'signIn' } : null;
  if (w.page === 'linkUsed' || w.page === 'linkExpired') return event === 'REQUEST_NEW_LINK' ? { ...w, page: 'forgotPassword' } : null;
  if (w.page !== 'form') return null;
  const changed = (to: World) => (name(to) === name(w) ? null : to);
  // Bounded: a weak password only after the empty form was refused, the repeat only after a good password.
  switch (event) {
    case 'TYPE_WEAK_PASSWORD':
      return w.password === 'empty' && w.passwordError === 'missing' ? { ...w, password: 'weak', passwordError: '-' } : null;
    case 'TYPE_GOOD_PASSWORD':
      return w.password === 'good' ? null : { ...w, password: 'good', passwordError: '-' };
    case 'TYPE_MATCHING_REPEAT':
      return w.password === 'good' && w.repeat !== 'same' ? { ...w, repeat: 'same', repeatError: '-' } : null;
    case 'TYPE_OTHER_REPEAT':
      return w.password === 'good' && w.repeat === 'empty' && clean(w) ? { ...w, repeat: 'other', repeatError: '-' } : null;
    case 'SUBMIT':
      return isValid(w) ? { ...left(w), page: 'saved' } : changed(checked(w));
    // The server's other answers to a valid form, each met once from a form with nothing told.
    case 'SUBMIT_PASSWORD_REFUSED':
      return isValid(w) && clean(w) ? { ...w, passwordError: 'rule' } : null;
    case 'SUBMIT_USED_LINK':
      return isValid(w) && clean(w) ? { ...left(w), page: 'linkUsed' } : null;
    case 'SUBMIT_EXPIRED_LINK':
      return isValid(w) && clean(w) ? { ...left(w), page: 'linkExpired' } : null;
    case 'SUBMIT_WHILE_OFFLINE':
      return isValid(w) && clean(w) ? { ...w, offline: true } : null;
    default:
      return null;
  }
}

const events = [
  'TYPE_WEAK_PASSWORD', 'TYPE_GOOD_PASSWORD', 'TYPE_MATCHING_REPEAT', 'TYPE_OTHER_REPEAT', 'SUBMIT', 'SUBMIT_PASSWORD_REFUSED',
  'SUBMIT_USED_LINK', 'SUBMIT_EXPIRED_LINK', 'SUBMIT_WHILE_OFFLINE', 'CLOSE_DIALOG', 'WAIT_3_SECONDS', 'REQUEST_NEW_LINK',
];
const start: World = { page: 'form', password: 'empty', repeat: 'empty', passwordError: '-', repeatError: '-', offline: false };
const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'resetPasswordWorld', initial: name(start), states }));

/** The password update endpoint; `next` is what the server answers to the next call. */
function fakeServer() {
  const server = { next: { status: 200, body: {} } as Answer | 'offline' };
  const answer = (request: AuthRequest) => {
    expect(request).toEqual({ method: 'PUT', path: '/v1/password_update/user', body: { verificationId: 'token-1', password: passwords.good } });
    const answer = server.next;
    server.next = { status: 200, body: {} };
    return answer;
  };
  return { server, answer };
}

const refusals: Record<string, Answer | 'offline'> = {
  SUBMIT_PASSWORD_REFUSED: { status: 400, body: { code: 'auth/invalid-password', message: 'weak' } },
  SUBMIT_USED_LINK: { status: 400, body: { code: 'password_reset_token_invalid', message: 'used' } },
  SUBMIT_EXPIRED_LINK: { status: 400, body: { code: 'password_reset_token_expired', message: 'expired' } },
  SUBMIT_WHILE_OFFLINE: 'offline',
};

const texts = {
  missing: 'Enter a password.',
  rule: 'The password must be 8 to 30 characters with a digit, a lowercase and an uppercase letter, and no spaces.',
  mismatch: 'The passwords do not match.',
  linkUsed: 'The reset link is not valid or has already been used. Request a new one.',
  linkExpired: 'The reset link has expired. Request a new one.',
};
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' });
const errorOf = (input: HTMLElement) =>
  input.getAttribute('aria-invalid') === 'true'
    ? (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).find((text) => text && text !== hint)
    : null;
const hint = '8 to 30 characters with a digit, a lowercase and an uppercase letter, and no spaces.';

// The screens load lazily with their wiring: load them once, before the first path.
beforeAll(() => Promise.all([import('../../src/wiring/resetPassword.wiring.ts'), import('../../src/wiring/forgotPassword.wiring.ts')]), 30_000);

afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

describe('reset password on the rendered screen, generated paths', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps} shows ${String(path.state.value)}`, { timeout: 20_000 }, async () => {
      const { server, answer } = fakeServer();
      const { requests, user } = await renderAuth('/password_reset/token-1', answer);
      await screen.findByRole('heading', { name: 'Choose a new password' }, { timeout: 10_000 });
      let before = start;
      /** The field a submit the form refused should have focused. */
      let refusedFocus: string | null = null;
      const dialog = () => screen.queryByRole('dialog', { name: 'Password changed' });
      const type = async (label: string, text: string) => {
        await user.clear(field(label));
        if (text) await user.type(field(label), text);
      };
      const submit = async (event: string) => {
        const sent = requests.length;
        server.next = refusals[event] ?? { status: 200, body: {} };
        const toSaved = event === 'SUBMIT' && isValid(before);
        if (!isValid(before)) refusedFocus = checked(before).passwordError !== '-' ? 'New password' : 'Repeat the new password';
        // The saved dialog starts the machine's 3 s redirect: on a clock the test moves.
        if (toSaved) vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
        // fireEvent: user-event waits on the (then fake) clock.
        fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
        await vi.waitFor(() => {
          expect(requests).toHaveLength(sent + (isValid(before) ? 1 : 0));
          expect(screen.queryByRole('button', { name: 'Saving…' })).toBeNull();
          if (toSaved) expect(dialog()).not.toBeNull();
        });
      };

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = parse(String(state.value));
            const focus = refusedFocus;
            refusedFocus = null;
            before = w;
            if (w.page === 'signIn' || w.page === 'forgotPassword') {
              if (vi.isFakeTimers()) await act(() => vi.advanceTimersByTimeAsync(100));
              vi.useRealTimers();
              const heading = w.page === 'signIn' ? 'Sign in' : 'Forgot password';
              expect(await screen.findByRole('heading', { name: heading }, { timeout: 10_000 })).toBeTruthy();
              expect(screen.queryByRole('dialog')).toBeNull();
              return;
            }
            if (w.page === 'saved') {
              expect(dialog()!.textContent).toContain('Your new password is saved. Sign in with it now.');
              return;
            }
            expect(dialog()).toBeNull();
            // The screen as the world says, once it has drawn it (a refused submit's errors come a render after the press).
            await vi.waitFor(
              () => {
                const alert = screen.queryByRole('alert')?.textContent ?? null;
                if (w.page === 'linkUsed' || w.page === 'linkExpired') {
                  // Nothing to retry with this link: no form, a way to ask for a new one.
                  expect(alert).toBe(texts[w.page]);
                  expect(screen.queryByRole('button', { name: 'Save the new password' })).toBeNull();
                  expect(screen.getByRole('link', { name: 'Request a new link' })).toBeTruthy();
                  return;
                }
                expect(alert).toBe(w.offline ? 'Network Error' : null);
                expect(field('New password').value).toBe(passwords[w.password]);
                expect(field('Repeat the new password').value).toBe(repeats[w.repeat]);
                expect(errorOf(field('New password')) ?? null).toBe(w.passwordError === '-' ? null : texts[w.passwordError]);
                expect(errorOf(field('Repeat the new password')) ?? null).toBe(w.repeatError === '-' ? null : texts[w.repeatError]);
                // A refused submit puts the focus in the first field to fix.
                if (focus) expect(document.activeElement).toBe(field(focus));
              },
              { timeout: 5_000 },
            );
          },
        },
        events: {
          TYPE_WEAK_PASSWORD: () => type('New password', passwords.weak),
          TYPE_GOOD_PASSWORD: () => type('New password', passwords.good),
          TYPE_MATCHING_REPEAT: () => type('Repeat the new password', repeats.same),
          TYPE_OTHER_REPEAT: () => type('Repeat the new password', repeats.other),
          SUBMIT: () => submit('SUBMIT'),
          SUBMIT_PASSWORD_REFUSED: () => submit('SUBMIT_PASSWORD_REFUSED'),
          SUBMIT_USED_LINK: () => submit('SUBMIT_USED_LINK'),
          SUBMIT_EXPIRED_LINK: () => submit('SUBMIT_EXPIRED_LINK'),
          SUBMIT_WHILE_OFFLINE: () => submit('SUBMIT_WHILE_OFFLINE'),
          CLOSE_DIALOG: () => void fireEvent.click(screen.getByRole('button', { name: 'Close' })),
          // The machine's own timer: not before 3 s.
          WAIT_3_SECONDS: async () => {
            await act(() => vi.advanceTimersByTimeAsync(2_500));
            expect(dialog()).not.toBeNull();
            await act(() => vi.advanceTimersByTimeAsync(600));
          },
          REQUEST_NEW_LINK: () => user.click(screen.getByRole('link', { name: 'Request a new link' })),
        },
      });
    });
  }

  it('the model reaches every outcome the screen tells', () => {
    const pages = new Set(Object.keys(states).map((n) => parse(n).page));
    expect([...pages].sort()).toEqual(['forgotPassword', 'form', 'linkExpired', 'linkUsed', 'saved', 'signIn']);
    const errors = new Set(Object.keys(states).flatMap((n) => [parse(n).passwordError, parse(n).repeatError]));
    expect([...errors].sort()).toEqual(['-', 'mismatch', 'missing', 'rule']);
  });
});
