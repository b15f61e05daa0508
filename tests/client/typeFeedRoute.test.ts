import { describe, expect, it } from 'vitest';
import { navigationLabel } from '../../src/screens/typeFeed/navigationLabel.ts';
import { offerTypeOfPath } from '../../src/routes/routeParams.ts';
import { testBrand } from '../machines/fixtures.ts';

describe('per-type feed route', () => {
  it('reads the type from the path; anything else is live (spec 5)', () => {
    expect(offerTypeOfPath('/editorial')).toBe('editorial');
    expect(offerTypeOfPath('/benefit')).toBe('benefit');
    expect(offerTypeOfPath('/live')).toBe('live');
    expect(offerTypeOfPath('/concerts')).toBe('live');
    expect(offerTypeOfPath('')).toBe('live');
  });

  it("takes the title from the brand's navigation bar entry for the type", () => {
    const brand = testBrand();
    brand.navigationBar.push({ key: 'benefit', label: 'Perks', icon: 'benefit', path: '/benefit' });
    expect(navigationLabel(brand, 'benefit')).toBe('Perks');
    expect(navigationLabel(brand, 'live')).toBeUndefined();
    expect(navigationLabel(null, 'live')).toBeUndefined();
  });
});
