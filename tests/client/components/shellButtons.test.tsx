import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BackButton } from '../../../src/components/shell/BackButton.tsx';
import { CartButton } from '../../../src/components/shell/CartButton.tsx';
import { DesktopFooter } from '../../../src/components/shell/DesktopFooter.tsx';
import { renderWithI18n } from './renderWithI18n.tsx';

describe('BackButton', () => {
  it('goes back when it can', async () => {
    const onBack = vi.fn();
    renderWithI18n(<BackButton canGoBack onBack={onBack} />);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('is absent at the bottom of the stack, on desktop as on mobile (no dimmed arrow that does nothing)', () => {
    renderWithI18n(<BackButton canGoBack={false} onBack={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });
});

describe('CartButton', () => {
  const renderCart = (count: number, expanded = false) =>
    renderWithI18n(<CartButton count={count} expanded={expanded} onOpen={() => {}} />);

  it('names the count, singular and plural, and shows it in a badge', () => {
    renderCart(1);
    renderCart(2);
    expect(screen.getByRole('button', { name: 'Cart, 1 item' }).textContent).toBe('1');
    expect(screen.getByRole('button', { name: 'Cart, 2 items' }).textContent).toBe('2');
  });

  it('has no badge when empty', () => {
    renderCart(0);
    expect(screen.getByRole('button', { name: 'Cart, empty' }).textContent).toBe('');
  });

  it('tells whether the drawer it controls is open', () => {
    renderCart(0, true);
    const button = screen.getByRole('button', { expanded: true });
    expect(button.getAttribute('aria-controls')).toBe('cart-drawer');
  });

  it('opens the drawer on click', async () => {
    const onOpen = vi.fn();
    renderWithI18n(<CartButton count={3} expanded={false} onOpen={onOpen} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cart, 3 items' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});

describe('DesktopFooter', () => {
  it('has About and FAQ buttons and the copyright line', async () => {
    const onAbout = vi.fn();
    const onFaq = vi.fn();
    renderWithI18n(<DesktopFooter onAbout={onAbout} onFaq={onFaq} copyright="© 2026 Aurora" />);
    expect(screen.getByRole('contentinfo').textContent).toContain('© 2026 Aurora');
    await userEvent.click(screen.getByRole('button', { name: 'About' }));
    await userEvent.click(screen.getByRole('button', { name: 'FAQ' }));
    expect(onAbout).toHaveBeenCalledTimes(1);
    expect(onFaq).toHaveBeenCalledTimes(1);
  });
});
