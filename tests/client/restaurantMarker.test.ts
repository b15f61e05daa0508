import { afterEach, describe, expect, it, vi } from 'vitest';
import { markerColour, markerSvg } from '../../src/screens/restaurant/googleMap.ts';

/*
 * The map's marker pin is filled with the brand's primary colour, which comes from the brand's
 * theme (data): it is used only when the browser reads it as a colour, and never as markup.
 */
afterEach(() => vi.unstubAllGlobals());

const hostile = 'red"/><foreignObject><img src=x onerror="alert(1)"/></foreignObject><circle fill="red';

describe('a marker’s colour', () => {
  it('takes a colour the browser accepts, else the fallback', () => {
    vi.stubGlobal('CSS', { supports: (property: string, value: string) => property === 'color' && /^(#[0-9a-f]{6}|rgb\(\d+, \d+, \d+\))$/i.test(value) });
    expect(markerColour('#c0ffee')).toBe('#c0ffee');
    expect(markerColour('rgb(1, 2, 3)')).toBe('rgb(1, 2, 3)');
    expect(markerColour(hostile)).toBe('#1f4e79');
    expect(markerColour('')).toBe('#1f4e79');
  });

  it('never turns the colour into markup: one circle and one path, the colour as an attribute value', () => {
    vi.stubGlobal('CSS', { supports: () => true });
    const svg = markerSvg(hostile);
    expect([...svg.children].map((child) => child.tagName)).toEqual(['circle', 'path']);
    expect(svg.querySelector('img, foreignObject')).toBeNull();
    expect(svg.querySelector('circle')!.getAttribute('fill')).toBe(hostile);
    expect(svg.getAttribute('width')).toBe('33');
  });
});
