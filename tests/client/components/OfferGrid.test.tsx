import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { OfferGrid } from '../../../src/components/OfferGrid.tsx';
import { renderWithI18n } from './renderWithI18n.tsx';

describe('OfferGrid', () => {
  it('puts each child in its own list item', () => {
    renderWithI18n(
      <OfferGrid label="Offers">
        <span key="a">A</span>
        <span key="b">B</span>
      </OfferGrid>,
    );
    const list = screen.getByRole('list', { name: 'Offers' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['A', 'B']);
  });
});
