import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Icon } from '../../../src/components/Icon.tsx';
import { fallbackIcons } from '../../../src/components/fallbackIcons.ts';
import { renderWithI18n } from './renderWithI18n.tsx';

describe('Icon', () => {
  it('is hidden from assistive technology without a label', () => {
    const { container } = renderWithI18n(<Icon name="home" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.querySelector('path')?.getAttribute('d')).toBe(fallbackIcons.home);
  });

  it('is a named image with a label', () => {
    renderWithI18n(<Icon name="cart" label="Cart" />);
    expect(screen.getByRole('img', { name: 'Cart' })).toBeTruthy();
  });

  it("prefers the brand's path", () => {
    const { container } = renderWithI18n(<Icon name="home" paths={{ home: 'M0 0h24v24H0z' }} />);
    expect(container.querySelector('path')?.getAttribute('d')).toBe('M0 0h24v24H0z');
  });
});
