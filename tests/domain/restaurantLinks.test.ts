import { describe, expect, it } from 'vitest';
import { streetAddress } from '../../domain/restaurantAddress.ts';
import { restaurantMapLink } from '../../domain/restaurantMapLink.ts';
import { widgetUrlInLanguage } from '../../domain/restaurantWidget.ts';
import { byDistance, byName, distanceKm } from '../../domain/distance.ts';

describe('a restaurant’s map link (spec 9: built from name, city and country)', () => {
  it('searches Google Maps for name, city and country, encoded', () => {
    expect(restaurantMapLink({ name: 'Kött & Fisk', city: 'Göteborg', country: 'Sverige', mapsUrl: null })).toBe(
      'https://www.google.com/maps/search/?api=1&query=K%C3%B6tt+%26+Fisk%2C+G%C3%B6teborg%2C+Sverige',
    );
  });

  it('leaves out an empty part, and takes the brand’s own link when there is one', () => {
    expect(restaurantMapLink({ name: 'Fjord', city: ' ', country: 'Norge', mapsUrl: null })).toBe('https://www.google.com/maps/search/?api=1&query=Fjord%2C+Norge');
    expect(restaurantMapLink({ name: 'Fjord', city: 'Oslo', country: 'Norge', mapsUrl: 'https://maps.app.goo.gl/abc' })).toBe('https://maps.app.goo.gl/abc');
  });
});

describe('a booking widget in the app’s language', () => {
  it('adds lang to our own root-relative widget and keeps it root-relative', () => {
    expect(widgetUrlInLanguage('/booking/aurora/r-1', 'sv')).toBe('/booking/aurora/r-1?lang=sv');
  });

  it('adds lang to another provider’s address beside its own query, replacing a lang it had', () => {
    expect(widgetUrlInLanguage('https://book.example.com/w?venue=12&lang=de#top', 'nb')).toBe('https://book.example.com/w?venue=12&lang=nb#top');
  });
});

describe('distances', () => {
  it('measures great-circle kilometres (Stockholm to Oslo is about 416 km)', () => {
    expect(distanceKm({ lat: 59.3293, lng: 18.0686 }, { lat: 59.9139, lng: 10.7522 })).toBeCloseTo(416, 0);
    expect(distanceKm({ lat: 1, lng: 2 }, { lat: 1, lng: 2 })).toBe(0);
  });

  it('sorts nearest first, equal distances by name; by name in the member’s language', () => {
    const here = { lat: 59.0, lng: 18.0 };
    const places = [
      { name: 'Far', lat: 59.5, lng: 18.0 },
      { name: 'Öst', lat: 59.1, lng: 18.0 },
      { name: 'Ängen', lat: 59.1, lng: 18.0 },
    ];
    expect(byDistance(places, here, 'sv').map((p) => p.name)).toEqual(['Ängen', 'Öst', 'Far']);
    // Swedish puts Ä and Ö after Z; English reads them as A and O.
    expect(byName([...places, { name: 'Zeta', lat: 0, lng: 0 }], 'sv').map((p) => p.name)).toEqual(['Far', 'Zeta', 'Ängen', 'Öst']);
    expect(byName([...places, { name: 'Zeta', lat: 0, lng: 0 }], 'en').map((p) => p.name)).toEqual(['Ängen', 'Far', 'Öst', 'Zeta']);
  });
});

describe('a restaurant’s address on one line (the app’s pages, the booking widget and its mail)', () => {
  it('writes street, then postal code and city, and leaves out an empty part', () => {
    expect(streetAddress({ address: 'Sankt Eriksgatan 48', postalCode: '112 34', city: 'Stockholm' })).toBe('Sankt Eriksgatan 48, 112 34 Stockholm');
    expect(streetAddress({ address: 'Sankt Eriksgatan 48', postalCode: '', city: 'Stockholm' })).toBe('Sankt Eriksgatan 48, Stockholm');
    expect(streetAddress({ address: '', postalCode: '112 34', city: '' })).toBe('112 34');
  });
});
