import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Spinner } from '../../../src/components/Spinner.tsx';
import { renderWithI18n } from './renderWithI18n.tsx';

describe('Spinner', () => {
  it('is a status named Loading', () => {
    renderWithI18n(<Spinner />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });
});
