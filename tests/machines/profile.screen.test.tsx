import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../src/api/apiError.ts';
import { renderProfile } from './profileHarness.tsx';

const field = (label: string) => screen.getAllByLabelText<HTMLInputElement>(label, { selector: 'input' })[0]!;
const description = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
const save = () => screen.getByRole('button', { name: 'Save changes' });

describe('the profile screen', () => {
  it('ties a field error to its input and moves focus to the first invalid field', async () => {
    const { requests, user } = renderProfile();
    await user.clear(field('Zip code'));
    await user.clear(field('Phone number'));
    await user.click(save());
    expect(field('Phone number').getAttribute('aria-invalid')).toBe('true');
    expect(description(field('Phone number'))).toContain('Enter a valid phone number');
    expect(description(field('Zip code'))).toBe('This field is required');
    expect(document.activeElement).toBe(field('Phone number'));
    expect(requests).toEqual([]);
  });

  it('marks the field the server refused and moves focus to it', async () => {
    const { user } = renderProfile([{ status: 400, body: { code: 'user/address-list-city-missing', message: 'city' } }]);
    await user.type(field('Company name'), 'Acme');
    await user.click(save());
    await screen.findByText('Enter the city.');
    expect(description(field('City'))).toBe('Enter the city.');
    expect(document.activeElement).toBe(field('City'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells a server error of no field in an alert', async () => {
    const { user } = renderProfile([{ status: 500, body: { code: 'internal_error', message: 'down' } }]);
    await user.type(field('Company name'), 'Acme');
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
  });

  it('puts focus in the current-password dialog and gives it back on close', async () => {
    const { requests, user } = renderProfile();
    await user.clear(field('E-mail'));
    await user.type(field('E-mail'), 'maja@new.test');
    await user.click(save());
    const dialog = screen.getByRole('dialog', { name: 'Confirm with your password' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText('Current password', { selector: 'input' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(save());
    expect(requests).toEqual([]);
  });

  it('tells a wrong current password as an invalid password, not as wrong e-mail or password', async () => {
    const { user } = renderProfile([{ status: 400, body: { code: 'auth/wrong-password', message: 'wrong' } }]);
    await user.clear(field('E-mail'));
    await user.type(field('E-mail'), 'maja@new.test');
    await user.click(save());
    await user.type(screen.getByLabelText('Current password', { selector: 'input' }), 'Wrong1234');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const current = screen.getByLabelText('Current password', { selector: 'input' });
    await screen.findByText('Invalid password');
    expect(description(current)).toBe('Invalid password');
    expect(document.activeElement).toBe(current);
  });

  it('hides the delete confirmation until asked', async () => {
    const { user } = renderProfile();
    expect(screen.queryByRole('dialog', { name: 'Delete your account?' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.click(screen.getAllByRole('button', { name: 'Cancel' })[0]!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for the password when the delete needs a recent sign-in, tells a wrong one, and deletes after signing in again', async () => {
    const signIns: string[] = [];
    const { methods, user } = renderProfile(
      [
        { status: 403, body: { code: 'auth/requires-recent-login', message: 'old sign-in' } },
        { status: 204, body: {} },
      ],
      {
        signInWithPassword: async (email, password) => {
          signIns.push(`${email} ${password}`);
          if (password !== 'Password1') throw new ApiError(401, 'auth/invalid-credential', 'wrong');
          return { uid: 'uid-1', email };
        },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete your account?' })).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm with your password' });
    expect(screen.queryByRole('dialog', { name: 'Delete your account?' })).toBeNull();
    expect(dialog.getAttribute('aria-describedby') && document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'For your security, please confirm with your password before deleting the account. ' +
        'If you signed in with BankID, sign out and in again instead, then delete the account.',
    );
    const current = screen.getByLabelText<HTMLInputElement>('Current password', { selector: 'input' });
    expect(document.activeElement).toBe(current);

    await user.type(current, 'Wrong1234');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Invalid password');
    expect(description(current)).toBe('Invalid password');
    expect(current.value).toBe('');
    expect(methods).toEqual(['DELETE']);

    await user.type(current, 'Password1');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(methods).toEqual(['DELETE', 'DELETE']));
    expect(signIns).toEqual(['member@aurora.test Wrong1234', 'member@aurora.test Password1']);
  });

  it('cancelling the password after a refused delete closes the dialog and deletes nothing more', async () => {
    const { methods, user } = renderProfile([{ status: 403, body: { code: 'auth/requires-recent-login', message: 'old sign-in' } }], {
      signInWithPassword: async () => {
        throw new Error('not to be called');
      },
    });
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete your account?' })).getByRole('button', { name: 'Delete account' }));
    await screen.findByRole('dialog', { name: 'Confirm with your password' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete account' }));
    expect(methods).toEqual(['DELETE']);
  });
});
