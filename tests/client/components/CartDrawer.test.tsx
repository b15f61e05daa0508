import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CartButton } from '../../../src/components/shell/CartButton.tsx';
import { CartDrawer } from '../../../src/components/shell/CartDrawer.tsx';
import { Dialog } from '../../../src/components/Dialog.tsx';
import { renderWithI18n } from './renderWithI18n.tsx';

function Shell() {
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <CartButton count={0} expanded={open} onOpen={() => setOpen(true)} />
      <CartDrawer open={open} onClose={() => setOpen(false)}>
        <p>Your cart is empty</p>
        <button onClick={() => setAsking(true)}>Empty the cart</button>
        <Dialog open={asking} title="Empty the cart?" message="" onClose={() => setAsking(false)} />
      </CartDrawer>
    </>
  );
}

async function openDrawer() {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  renderWithI18n(<Shell />, { container: root });
  await userEvent.click(screen.getByRole('button', { name: 'Cart, empty' }));
  return root;
}

describe('CartDrawer', () => {
  it('is a modal dialog named Cart with the given id, content and focus inside', async () => {
    const root = await openDrawer();
    const drawer = screen.getByRole('dialog', { name: 'Cart' });
    expect(drawer.id).toBe('cart-drawer');
    expect(drawer.getAttribute('aria-modal')).toBe('true');
    expect(drawer.textContent).toContain('Your cart is empty');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    expect(root.hasAttribute('inert')).toBe(true);
  });

  it('closes on Escape and returns focus to the cart button', async () => {
    const root = await openDrawer();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(root.hasAttribute('inert')).toBe(false);
    const cartButton = screen.getByRole('button', { name: 'Cart, empty' });
    expect(document.activeElement).toBe(cartButton);
    expect(cartButton.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes with the close button', async () => {
    await openDrawer();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cycles Tab inside the drawer', async () => {
    await openDrawer();
    const close = screen.getByRole('button', { name: 'Close' });
    const empty = screen.getByRole('button', { name: 'Empty the cart' });
    await userEvent.tab();
    expect(document.activeElement).toBe(empty);
    await userEvent.tab();
    expect(document.activeElement).toBe(close);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(empty);
  });

  it('stays open and inert under a dialog opened from it; Escape closes only the dialog', async () => {
    await openDrawer();
    const drawer = screen.getByRole('dialog', { name: 'Cart' });
    const drawerLayer = drawer.parentElement!;
    await userEvent.click(screen.getByRole('button', { name: 'Empty the cart' }));
    expect(screen.getByRole('dialog', { name: 'Empty the cart?' })).toBeTruthy();
    expect(drawerLayer.hasAttribute('inert')).toBe(true);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Empty the cart?' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Cart' })).toBe(drawer);
    expect(drawerLayer.hasAttribute('inert')).toBe(false);
    expect(document.getElementById('root')!.hasAttribute('inert')).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Empty the cart' }));
  });
});
