import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { renderAuth, type AuthRequest } from './authHarness.tsx';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The forgot-password screen (/forgotpassword) as the member meets it, over a fake API with the
 * server's rules: a known e-mail gets a link, an unknown one is refused (404). The model is the
 * spec's (2.5, 4, 5, 9): the e-mail is checked before anything is sent and its error told at the
 * field; the server's refusal or a lost connection is told above the form and stays while the
 * member types; a sent link is confirmed in a dialog, and sign-in follows when it is closed or
 * after 3 s.
 */
type Typed = 'empty' | 'invalid' | 'known' | 'unknown';
type Told = 'none' | 'fieldError' | 'offline' | 'unknownEmail';
interface World {
  page: 'form' | 'sent' | 'signIn';
  typed: Typed;
  told: Told;
}

const emails: Record<Typed, string> = { empty: '', invalid: 'maja@', known: 'maja@aurora.test', unknown: 'nobody@aurora.test' };
const valid = (typed: Typed) => typed === 'known' || typed === 'unknown';
const alerted = (w: World) => w.told === 'offline' || w.told === 'unknownEmail';

const name = (w: World) => `${w.page}|${w.typed}|${w.told}`;
const parse = (value: string): World => {
  const [page, typed, told] = value.split('|');
  return { page: page as World['page'], typed: typed as Typed, told: told as Told };
};

function next(w: World, event: string): World | null {
  if (w.page === 'sent') return event === 'CLOSE_DIALOG' || event === 'WAIT_3_SECONDS' ? { ...w, page: 'signIn' } : null;
  if (w.page !== 'form') return null;
  const type = (typed: Typed): World | null =>
    // Typing puts the field's error away; a told refusal stays until the next submit.
    w.typed === typed ? null : { ...w, typed, told: w.told === 'fieldError' ? 'none' : w.told };
  const fresh = w.typed === 'empty' && w.told === 'none';
  switch (event) {
    // Bounded: each kind of address is typed from the empty field; a known one also after any refusal.
    case 'TYPE_INVALID':
      return w.typed === 'empty' ? type('invalid') : null;
    case 'TYPE_UNKNOWN':
      return fresh ? type('unknown') : null;
    case 'TYPE_KNOWN':
      return type('known');
    case 'SUBMIT': {
      const after: World = !valid(w.typed) ? { ...w, told: 'fieldError' } : w.typed === 'known' ? { ...w, page: 'sent', told: 'none' } : { ...w, told: 'unknownEmail' };
      return name(after) === name(w) ? null : after;
    }
    case 'SUBMIT_WHILE_OFFLINE':
      return w.typed === 'known' && !alerted(w) ? { ...w, told: 'offline' } : null;
    default:
      return null;
  }
}

const events = ['TYPE_INVALID', 'TYPE_UNKNOWN', 'TYPE_KNOWN', 'SUBMIT', 'SUBMIT_WHILE_OFFLINE', 'CLOSE_DIALOG', 'WAIT_3_SECONDS'];
const start: World = { page: 'form', typed: 'empty', told: 'none' };
const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'forgotPasswordWorld', initial: name(start), states }));

/** The reset-mail endpoint with the server's rules; `offline` drops the next call. */
function fakeServer() {
  const server = { offline: false };
  const answer = (request: AuthRequest) => {
    expect(request).toMatchObject({ method: 'POST', path: '/v1/password_reset/user', body: { appUrl: 'http://localhost' } });
    if (server.offline) return (server.offline = false), 'offline' as const;
    if ((request.body as { email: string }).email === emails.known) return { status: 200, body: {} };
    return { status: 404, body: { code: 'password_reset_user_not_found', message: 'no such user' } };
  };
  return { server, answer };
}

const emailField = () => screen.getByLabelText<HTMLInputElement>('E-mail', { selector: 'input' });
const alertTexts: Partial<Record<Told, string>> = { offline: 'Network Error', unknownEmail: 'Could not find a user with the given email.' };
const fieldErrors: Partial<Record<Typed, string>> = { empty: 'Enter your e-mail address.', invalid: 'Enter a valid e-mail address.' };

afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

describe('forgot password on the rendered screen, generated paths', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps} shows ${String(path.state.value)}`, { timeout: 20_000 }, async () => {
      const { server, answer } = fakeServer();
      const { requests, user } = await renderAuth('/forgotpassword', answer);
      await screen.findByRole('heading', { name: 'Forgot password' }, { timeout: 10_000 });
      /** The world before the next event: what the screen was last checked against. */
      let before = start;
      const dialog = () => screen.queryByRole('dialog', { name: 'Check your e-mail' });
      const send = async () => {
        const sent = requests.length;
        const toSent = before.typed === 'known' && !server.offline;
        // The sent dialog starts the machine's 3 s redirect: on a clock the test moves.
        if (toSent) vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
        // fireEvent: user-event waits on the (then fake) clock.
        fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
        // Only a valid address goes to the server, once per press.
        await vi.waitFor(() => {
          expect(requests).toHaveLength(sent + (valid(before.typed) ? 1 : 0));
          expect(screen.queryByRole('button', { name: 'Sending…' })).toBeNull();
          if (toSent) expect(dialog()).not.toBeNull();
        });
        if (valid(before.typed)) expect(requests.at(-1)!.body).toMatchObject({ email: emails[before.typed] });
      };
      const type = async (typed: Typed) => {
        await user.clear(emailField());
        await user.type(emailField(), emails[typed]);
      };

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = parse(String(state.value));
            before = w;
            if (w.page === 'signIn') {
              if (vi.isFakeTimers()) await act(() => vi.advanceTimersByTimeAsync(100));
              vi.useRealTimers();
              expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 10_000 })).toBeTruthy();
              expect(screen.queryByRole('dialog')).toBeNull();
              return;
            }
            if (w.page === 'sent') {
              expect(dialog()!.textContent).toContain(`We have sent a link to ${emails.known}. Follow it to choose a new password.`);
              return;
            }
            // The form as the world says, once the screen has drawn it (a refused address is told a render after the press).
            await vi.waitFor(() => {
              expect(dialog()).toBeNull();
              expect(emailField().value).toBe(emails[w.typed]);
              const fieldError = w.told === 'fieldError' ? fieldErrors[w.typed]! : null;
              expect(emailField().getAttribute('aria-invalid')).toBe(fieldError ? 'true' : null);
              if (fieldError) {
                expect(screen.getByText(fieldError)).toBeTruthy();
                // A refused address takes the focus, to be corrected at once.
                expect(document.activeElement).toBe(emailField());
              }
              expect(screen.queryByRole('alert')?.textContent ?? null).toBe(alertTexts[w.told] ?? null);
            }, { timeout: 5_000 });
          },
        },
        events: {
          TYPE_INVALID: () => type('invalid'),
          TYPE_UNKNOWN: () => type('unknown'),
          TYPE_KNOWN: () => type('known'),
          SUBMIT: send,
          SUBMIT_WHILE_OFFLINE: async () => {
            server.offline = true;
            await send();
          },
          CLOSE_DIALOG: () => void fireEvent.click(screen.getByRole('button', { name: 'Close' })),
          // The machine's own timer: not before 3 s.
          WAIT_3_SECONDS: async () => {
            await act(() => vi.advanceTimersByTimeAsync(2_500));
            expect(dialog()).not.toBeNull();
            await act(() => vi.advanceTimersByTimeAsync(600));
          },
        },
      });
    });
  }

  it('the model reaches every outcome the screen tells', () => {
    const told = new Set(Object.keys(states).map((n) => `${parse(n).page}|${parse(n).told}`));
    expect([...told].sort()).toEqual(['form|fieldError', 'form|none', 'form|offline', 'form|unknownEmail', 'sent|none', 'signIn|none']);
  });
});
