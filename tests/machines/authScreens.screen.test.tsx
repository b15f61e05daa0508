import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAuth } from './authHarness.tsx';

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' });

afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

describe('the create-account screen', () => {
  it('moves focus to the first invalid field of a refused submit and sends nothing', async () => {
    const { requests, user } = await renderAuth('/createaccount');
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(document.activeElement).toBe(field('E-mail')));
    expect(field('E-mail').getAttribute('aria-invalid')).toBe('true');

    await user.type(field('E-mail'), 'ada@aurora.test');
    await user.type(field('Full name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(document.activeElement).toBe(field('Full name')));
    expect(requests).toEqual([]);
  });

  it('moves focus to the terms checkbox when only the terms are missing', async () => {
    const { requests, user } = await renderAuth('/createaccount');
    await user.type(await screen.findByLabelText('E-mail'), 'ada@aurora.test');
    await user.type(field('Full name'), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const terms = screen.getByRole('checkbox');
    await waitFor(() => expect(document.activeElement).toBe(terms));
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(terms.getAttribute('aria-describedby')!)?.textContent).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('tells a server error of no field in an alert', async () => {
    await renderAuth('/createaccount', [{ status: 429, body: { code: 'too_many_requests', message: 'slow down' } }]);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('E-mail'), 'ada@aurora.test');
    await user.type(field('Full name'), 'Ada Lovelace');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
  });
});

describe('the forgot-password screen', () => {
  it('moves focus to the e-mail field when it is refused, and tells a server error in an alert', async () => {
    const { requests, user } = await renderAuth('/forgotpassword', [{ status: 404, body: { code: 'auth/user-not-found', message: 'none' } }]);
    const send = await screen.findByRole('button', { name: 'Send reset link' });
    await user.click(send);
    // Under load the screen may still be settling when the click lands: wait for the focus to move.
    await waitFor(() => expect(document.activeElement).toBe(field('E-mail')));
    expect(field('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(requests).toEqual([]);

    await user.type(field('E-mail'), 'ada@aurora.test');
    await user.click(send);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(requests).toHaveLength(1);
  });
});

describe('the reset-password screen', () => {
  it('moves focus to the first invalid field of a refused submit', async () => {
    const { requests, user } = await renderAuth('/password_reset/token-1');
    await user.type(await screen.findByLabelText('New password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() => expect(document.activeElement).toBe(field('Repeat the new password')));

    await user.clear(field('New password'));
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() => expect(document.activeElement).toBe(field('New password')));
    expect(requests).toEqual([]);
  });

  it('tells the success, then goes to sign-in after 3 s', async () => {
    const { requests, user } = await renderAuth('/password_reset/token-1', [{ status: 200, body: {} }]);
    await user.type(await screen.findByLabelText('New password'), 'Secret123');
    await user.type(field('Repeat the new password'), 'Secret123');
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(requests.map(({ method, path }) => ({ method, path }))).toEqual([{ method: 'PUT', path: '/v1/password_update/user' }]);
    expect(screen.getByRole('dialog', { name: 'Password changed' })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
