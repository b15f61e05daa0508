import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/apiError.ts';
import { renderAuth, type AuthRequest } from './authHarness.tsx';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The create-account screen (/createaccount, a brand in name mode) as a visitor meets it, over a
 * fake API and identity provider with their rules. The model is the spec's (2.5, 4, 5): the form
 * is checked before anything is sent (e-mail, first and last name, the password's rule when one
 * is chosen, the terms), each error told at its field until it is typed in; the server refuses a
 * taken e-mail at its field, a lost connection above the form. A created account signs in with
 * the chosen password or the one the server made; when only that sign-in fails, the form stays
 * read-only and offers to sign in again.
 */
type Field = 'email' | 'fullName' | 'password' | 'termsAccepted';
interface World {
  page: 'form' | 'signInFailed' | 'signedIn';
  email: 'empty' | 'new' | 'taken';
  name: 'empty' | 'one' | 'full';
  password: 'empty' | 'weak' | 'good';
  terms: boolean;
  /** Fields told in error, in screen order. */
  errors: Field[];
  offline: boolean;
}

const emails = { empty: '', new: 'ada@aurora.test', taken: 'maja@aurora.test' };
const names = { empty: '', one: 'Ada', full: 'Ada Lovelace' };
const passwords = { empty: '', weak: 'secret', good: 'Secret123' };
const order: Field[] = ['email', 'password', 'fullName', 'termsAccepted'];

/** The form's rules (spec 5), stated apart from the code: the fields a submit refuses. */
const refused = (w: World): Field[] =>
  order.filter((f) => (f === 'email' ? w.email === 'empty' : f === 'fullName' ? w.name !== 'full' : f === 'password' ? w.password === 'weak' : !w.terms));
const clean = (w: World) => w.errors.length === 0 && !w.offline;
const filled = (w: World) => w.email !== 'empty' && w.name === 'full' && w.terms;
const without = (w: World, field: Field): World => ({ ...w, errors: w.errors.filter((f) => f !== field) });

const name = (w: World) => [w.page, w.email, w.name, w.password, w.terms ? 'terms' : 'noTerms', w.errors.join(',') || '-', w.offline ? 'offline' : 'online'].join('|');
const parse = (value: string): World => {
  const [page, email, name_, password, terms, errors, online] = value.split('|');
  return {
    page: page as World['page'], email: email as World['email'], name: name_ as World['name'], password: password as World['password'],
    terms: terms === 'terms', errors: errors === '-' ? [] : (errors!.split(',') as Field[]), offline: online === 'offline',
  };
};

function next(w: World, event: string): World | null {
  if (w.page === 'signInFailed') return event === 'RETRY_SIGN_IN' ? { ...w, page: 'signedIn', offline: false } : null;
  if (w.page !== 'form') return null;
  const valid = refused(w).length === 0;
  // Bounded: the required fields are filled in one go, from the empty form; each variation from
  // the filled form with nothing told (a good password also after a refusal).
  const base = filled(w) && clean(w) && w.email === 'new' && w.name === 'full' && w.password === 'empty';
  switch (event) {
    case 'FILL_REQUIRED':
      return w.email === 'empty' && w.name === 'empty' ? { ...w, email: 'new', name: 'full', terms: true, errors: [] } : null;
    case 'TYPE_ONE_NAME':
      return base ? { ...w, name: 'one' } : null;
    case 'TYPE_FULL_NAME':
      return w.name === 'one' ? without({ ...w, name: 'full' }, 'fullName') : null;
    case 'TYPE_WEAK_PASSWORD':
      return base ? { ...w, password: 'weak' } : null;
    case 'TYPE_GOOD_PASSWORD':
      return filled(w) && w.email === 'new' && w.password !== 'good' ? without({ ...w, password: 'good' }, 'password') : null;
    case 'TYPE_TAKEN_EMAIL':
      return base ? { ...w, email: 'taken' } : null;
    case 'TYPE_NEW_EMAIL':
      return w.email === 'taken' ? without({ ...w, email: 'new' }, 'email') : null;
    case 'SUBMIT': {
      if (!valid) {
        const after = { ...w, errors: refused(w), offline: false };
        return name(after) === name(w) ? null : after;
      }
      if (w.email === 'taken') return w.errors.includes('email') ? null : { ...w, errors: ['email'], offline: false };
      return { ...w, page: 'signedIn', errors: [], offline: false };
    }
    case 'SUBMIT_WHILE_OFFLINE':
      return base ? { ...w, offline: true } : null;
    case 'SUBMIT_THEN_SIGN_IN_FAILS':
      return base ? { ...w, page: 'signInFailed', offline: true } : null;
    default:
      return null;
  }
}

const events = [
  'FILL_REQUIRED', 'TYPE_ONE_NAME', 'TYPE_FULL_NAME', 'TYPE_WEAK_PASSWORD', 'TYPE_GOOD_PASSWORD', 'TYPE_TAKEN_EMAIL', 'TYPE_NEW_EMAIL',
  'SUBMIT', 'SUBMIT_WHILE_OFFLINE', 'SUBMIT_THEN_SIGN_IN_FAILS', 'RETRY_SIGN_IN',
];
const start: World = { page: 'form', email: 'empty', name: 'empty', password: 'empty', terms: false, errors: [], offline: false };
const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'createAccountWorld', initial: name(start), states }));

/** POST /v1/create/user with the server's rules, and the identity provider's sign-in. */
function fakeServices() {
  const world = { offline: false, signInFails: false, created: [] as string[], signIns: [] as string[] };
  const answer = (request: AuthRequest) => {
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/create/user');
    const body = request.body as { email: string; password?: string };
    if (world.offline) return (world.offline = false), 'offline' as const;
    if (body.email === emails.taken) return { status: 409, body: { code: 'auth/email-already-exists', message: 'taken' } };
    world.created.push(body.email);
    return { status: 200, body: { user: {}, tempPassword: body.password ? null : 'Made-by-server-1' } };
  };
  const identity = {
    signInWithPassword: async (email: string, password: string) => {
      world.signIns.push(`${email} ${password}`);
      if (world.signInFails) throw new ApiError(600, 'failed_to_fetch', 'Network Error');
      return { uid: 'uid-new', email };
    },
  };
  return { world, answer, identity };
}

const texts: Record<Field, Record<string, string>> = {
  email: { empty: 'Enter your e-mail address.', taken: 'The e-mail address is already in use by another account.' },
  fullName: { empty: 'Enter your first and last name.', one: 'Enter your first and last name.' },
  password: { weak: 'The password must be 8 to 30 characters with a digit, a lowercase and an uppercase letter, and no spaces.' },
  termsAccepted: { false: 'You need to accept the terms to create an account.' },
};
const labels: Record<Field, string> = { email: 'E-mail', fullName: 'Full name', password: 'Password (optional)', termsAccepted: '' };
const input = (field: Field) =>
  field === 'termsAccepted' ? screen.getByRole<HTMLInputElement>('checkbox') : screen.getByLabelText<HTMLInputElement>(labels[field], { selector: 'input' });
const toldAt = (element: HTMLElement) =>
  element.getAttribute('aria-invalid') === 'true' ? document.getElementById(element.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent : null;
const valueOf = (w: World, field: Field) => (field === 'email' ? w.email : field === 'fullName' ? w.name : field === 'password' ? w.password : String(w.terms));

beforeAll(() => import('../../src/wiring/createAccount.wiring.ts'), 30_000);
afterEach(cleanup);

describe('create account on the rendered screen, generated paths', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps} shows ${String(path.state.value)}`, { timeout: 20_000 }, async () => {
      const { world, answer, identity } = fakeServices();
      const { requests, user } = await renderAuth('/createaccount', answer, { identity });
      await screen.findByRole('heading', { name: 'Create account' }, { timeout: 10_000 });
      let before = start;
      let focusAfterSubmit: Field | null = null;
      const type = async (field: Field, text: string) => {
        await user.clear(input(field));
        await user.type(input(field), text);
      };
      const submit = async (event: string) => {
        const sent = requests.length;
        const after = next(before, event)!;
        const valid = refused(before).length === 0;
        focusAfterSubmit = valid ? null : refused(before)[0]!;
        await user.click(screen.getByRole('button', { name: 'Create account' }));
        // Only a valid form goes to the server, once per press.
        await vi.waitFor(() => {
          expect(requests).toHaveLength(sent + (valid ? 1 : 0));
          if (after.page === 'form') expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy();
          else if (after.page === 'signInFailed') expect(screen.getByRole('button', { name: 'Sign in again' })).toBeTruthy();
          else expect(world.signIns).toHaveLength(1);
        });
      };

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = parse(String(state.value));
            const focus = focusAfterSubmit;
            focusAfterSubmit = null;
            before = w;
            const form = screen.getByRole('heading', { name: 'Create account' }).parentElement!;
            const button = within(form).getByRole('button', { name: /^(Create account|Sign in again|Creating account…)$/ });
            const alert = screen.queryByRole('alert')?.textContent ?? null;
            const expectedSignIn = `${emails.new} ${w.password === 'good' ? passwords.good : 'Made-by-server-1'}`;
            if (w.page === 'signedIn') {
              // Signed in with the new account: the app moves on to set-up; the form waits, busy.
              await vi.waitFor(() => expect(button.textContent).toBe('Creating account…'));
              expect(button.hasAttribute('disabled')).toBe(true);
              expect(world.created).toEqual([emails.new]);
              expect(world.signIns.at(-1)).toBe(expectedSignIn);
              expect(alert).toBeNull();
              return;
            }
            if (w.page === 'signInFailed') {
              expect(alert).toBe('Your account has been created, but signing in failed: Network Error');
              expect(button.textContent).toBe('Sign in again');
              expect(input('email').readOnly).toBe(true);
              expect(input('termsAccepted').disabled).toBe(true);
              expect(world.signIns).toEqual([expectedSignIn]);
              return;
            }
            // The form as the world says, once the screen has drawn it (a refused submit's errors come a render after the press).
            await vi.waitFor(
              () => {
                expect(button.textContent).toBe('Create account');
                expect(screen.queryByRole('alert')?.textContent ?? null).toBe(w.offline ? 'Network Error' : null);
                expect(input('email').value).toBe(emails[w.email]);
                expect(input('fullName').value).toBe(names[w.name]);
                expect(input('password').value).toBe(passwords[w.password]);
                expect(input('termsAccepted').checked).toBe(w.terms);
                for (const field of order) {
                  expect(toldAt(input(field)) ?? null, field).toBe(w.errors.includes(field) ? texts[field][valueOf(w, field)]! : null);
                }
                // A refused submit puts the focus in the first field to fix.
                if (focus) expect(document.activeElement).toBe(input(focus));
              },
              { timeout: 5_000 },
            );
            expect(world.signIns).toEqual([]);
          },
        },
        events: {
          FILL_REQUIRED: async () => {
            await type('email', emails.new);
            await type('fullName', names.full);
            await user.click(input('termsAccepted'));
          },
          TYPE_ONE_NAME: () => type('fullName', names.one),
          TYPE_FULL_NAME: () => type('fullName', names.full),
          TYPE_WEAK_PASSWORD: () => type('password', passwords.weak),
          TYPE_GOOD_PASSWORD: () => type('password', passwords.good),
          TYPE_TAKEN_EMAIL: () => type('email', emails.taken),
          TYPE_NEW_EMAIL: () => type('email', emails.new),
          SUBMIT: () => submit('SUBMIT'),
          SUBMIT_WHILE_OFFLINE: async () => {
            world.offline = true;
            await submit('SUBMIT_WHILE_OFFLINE');
          },
          SUBMIT_THEN_SIGN_IN_FAILS: async () => {
            world.signInFails = true;
            await submit('SUBMIT_THEN_SIGN_IN_FAILS');
          },
          RETRY_SIGN_IN: async () => {
            world.signInFails = false;
            await user.click(screen.getByRole('button', { name: 'Sign in again' }));
            // The account is not made again: only the sign-in is.
            await vi.waitFor(() => expect(world.signIns).toHaveLength(2));
            expect(world.created).toHaveLength(1);
          },
        },
      });
    });
  }

  it('the model reaches every outcome the screen tells', () => {
    const told = new Set(Object.keys(states).flatMap((n) => [parse(n).page, ...parse(n).errors, parse(n).offline ? 'offline' : '']));
    expect([...told].filter(Boolean).sort()).toEqual(['email', 'form', 'fullName', 'offline', 'password', 'signInFailed', 'signedIn', 'termsAccepted']);
  });
});
