import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, type DialogProps } from '../../../src/components/Dialog.tsx';
import { renderWithI18n } from './renderWithI18n.tsx';

type Callbacks = Pick<DialogProps, 'onYes' | 'onNo'>;

/** The page as start.tsx mounts it: the app inside #root, the dialog portalled beside it. */
function renderInRoot(callbacks: Callbacks = {}) {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  function Page() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen(true)}>Delete order</button>
        <Dialog
          open={open}
          title="Delete the order?"
          message="This cannot be undone."
          onClose={() => setOpen(false)}
          {...callbacks}
        />
      </>
    );
  }
  renderWithI18n(<Page />, { container: root });
  return root;
}

const openDialog = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Delete order' }));
  return screen.getByRole('dialog');
};

// RTL's cleanup unmounts and removes #root (the render container) after each test.
let root: HTMLElement;

describe('Dialog', () => {
  beforeEach(() => {
    root = renderInRoot({ onYes: vi.fn(), onNo: vi.fn() });
  });

  it('is a labelled, described modal dialog outside #root', async () => {
    const dialog = await openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Delete the order?' })).toBe(dialog);
    expect(screen.getByRole('dialog', { description: 'This cannot be undone.' })).toBe(dialog);
    expect(root.contains(dialog)).toBe(false);
  });

  it('moves focus to the first focusable element, the close button', async () => {
    await openDialog();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('cycles Tab and Shift+Tab inside the dialog', async () => {
    await openDialog();
    const close = screen.getByRole('button', { name: 'Close' });
    const no = screen.getByRole('button', { name: 'No' });
    const yes = screen.getByRole('button', { name: 'Yes' });
    await userEvent.tab();
    expect(document.activeElement).toBe(no);
    await userEvent.tab();
    expect(document.activeElement).toBe(yes);
    await userEvent.tab();
    expect(document.activeElement).toBe(close);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(yes);
  });

  it('closes on Escape and returns focus to the trigger', async () => {
    await openDialog();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete order' }));
  });

  it('closes with the close button and on a backdrop click, not on a click inside', async () => {
    const dialog = await openDialog();
    await userEvent.click(screen.getByText('This cannot be undone.'));
    expect(screen.getByRole('dialog')).toBe(dialog);
    await userEvent.click(dialog.parentElement!);
    expect(screen.queryByRole('dialog')).toBeNull();

    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('makes #root inert while open and restores it after', async () => {
    expect(root.hasAttribute('inert')).toBe(false);
    await openDialog();
    expect(root.hasAttribute('inert')).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(root.hasAttribute('inert')).toBe(false);
  });
});

describe('Dialog buttons', () => {
  it('calls onYes and onNo', async () => {
    const onYes = vi.fn();
    const onNo = vi.fn();
    renderInRoot({ onYes, onNo });
    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onNo).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onYes).toHaveBeenCalledTimes(1);
  });

  it('has only the close button without onYes and onNo', async () => {
    renderInRoot();
    const dialog = await openDialog();
    expect(within(dialog).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Close']);
  });

  it('uses custom labels', () => {
    renderWithI18n(
      <Dialog open title="Leave?" message="" onClose={() => {}} onYes={() => {}} yesLabel="Leave" onNo={() => {}} noLabel="Stay" />,
    );
    expect(screen.getByRole('button', { name: 'Leave' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stay' })).toBeTruthy();
  });
});
