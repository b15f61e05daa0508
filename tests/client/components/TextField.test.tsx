import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextField, type TextFieldProps } from '../../../src/components/TextField.tsx';
import { renderWithI18n } from './renderWithI18n.tsx';

function ControlledField(props: Omit<TextFieldProps, 'value' | 'onChange'>) {
  const [value, setValue] = useState('');
  return <TextField {...props} value={value} onChange={setValue} />;
}

describe('TextField', () => {
  it('labels the input with a real label', () => {
    renderWithI18n(<ControlledField label="E-mail" />);
    expect(screen.getByLabelText('E-mail').tagName).toBe('INPUT');
  });

  it('is valid and has no description without an error', () => {
    renderWithI18n(<ControlledField label="E-mail" />);
    const input = screen.getByLabelText('E-mail');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('marks the input invalid and links the error message', () => {
    renderWithI18n(<ControlledField label="E-mail" error="Enter a valid e-mail address" />);
    const input = screen.getByLabelText('E-mail');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Enter a valid e-mail address');
  });

  it('reports typed text through onChange', async () => {
    const onChange = vi.fn();
    renderWithI18n(<TextField label="Name" value="" onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('Name'), 'A');
    expect(onChange).toHaveBeenCalledWith('A');
  });

  it('calls onEnter when Enter is pressed', async () => {
    const onEnter = vi.fn();
    renderWithI18n(<ControlledField label="E-mail" onEnter={onEnter} />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'a@b.se');
    expect(onEnter).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onEnter).toHaveBeenCalledTimes(1);
  });

  it('toggles password visibility with a named button', async () => {
    renderWithI18n(<ControlledField label="Password" type="password" />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');

    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).toBe('password');
  });

  it('has no visibility toggle for other types', () => {
    renderWithI18n(<ControlledField label="E-mail" type="email" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
