import { describe, expect, it } from 'vitest';
import { applyBrandTheme } from '../../../src/theme/brandTheme.ts';
import { defaultThemeVariant } from '../../../src/theme/defaultTheme.ts';
import { vars } from '../../../src/theme/contract.css.ts';
import { brandThemeVariables } from '../../../domain/brandTheme.ts';

const varName = (reference: string) => reference.replace(/^var\((--[^,)]+).*$/, '$1');

describe('applyBrandTheme', () => {
  const element = document.createElement('div');
  applyBrandTheme(element, {
    ...defaultThemeVariant,
    colors: { ...defaultThemeVariant.colors, primary: '#ff0066' },
    buttonRadius: 24,
    grid: { xs: 2, sm: 3, lg: 4, gap: 16, margin: 24 },
  });
  const value = (reference: string) => element.style.getPropertyValue(varName(reference));

  it("sets the brand's colours, radii and grid as CSS variables on the element", () => {
    expect(value(vars.color.primary)).toBe('#ff0066');
    expect(value(vars.color.accent)).toBe(defaultThemeVariant.colors.accent);
    expect(value(vars.radius.button)).toBe('24px');
    expect(value(vars.grid.columns.xs)).toBe('2');
    expect(value(vars.grid.columns.lg)).toBe('4');
    expect(value(vars.grid.gap)).toBe('16px');
    expect(value(vars.grid.margin)).toBe('24px');
  });

  it('sets the fixed layout constants', () => {
    expect(value(vars.layout.billboardMaxWidth)).toBe('600px');
    expect(value(vars.layout.pageMaxWidth)).toBe('800px');
  });
});

describe('the theme variables the server writes into the HTML shell', () => {
  const variant = { ...defaultThemeVariant, colors: { ...defaultThemeVariant.colors, navigationBar: '#050d08' } };

  it('are the variables the app sets, with the same values, under fixed (unhashed) names', () => {
    const element = document.createElement('div');
    applyBrandTheme(element, variant);
    const inline = brandThemeVariables(variant);
    expect(vars.color.primary).toBe('var(--klubb-color-primary)');
    expect(vars.grid.columns.xs).toBe('var(--klubb-grid-columns-xs)');
    expect(inline).toContainEqual(['--klubb-color-navigationBar', '#050d08']);
    expect(inline.map(([name]) => name).sort()).toEqual([...element.style].sort());
    for (const [name, value] of inline) expect(element.style.getPropertyValue(name)).toBe(value);
  });
});
