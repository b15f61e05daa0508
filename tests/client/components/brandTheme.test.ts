import { describe, expect, it } from 'vitest';
import { applyBrandTheme, brandThemeVars } from '../../../src/theme/brandTheme.ts';
import { defaultThemeVariant } from '../../../src/theme/defaultTheme.ts';
import { vars } from '../../../src/theme/contract.css.ts';

const varName = (reference: string) => reference.replace(/^var\((--[^,)]+).*$/, '$1');

describe('brandThemeVars', () => {
  const style = brandThemeVars({
    ...defaultThemeVariant,
    colors: { ...defaultThemeVariant.colors, primary: '#ff0066' },
    buttonRadius: 24,
    grid: { xs: 2, sm: 3, lg: 4, gap: 16, margin: 24 },
  });

  it("sets the brand's colours, radii and grid as CSS variables", () => {
    expect(style[varName(vars.color.primary)]).toBe('#ff0066');
    expect(style[varName(vars.radius.button)]).toBe('24px');
    expect(style[varName(vars.grid.columns.lg)]).toBe('4');
    expect(style[varName(vars.grid.gap)]).toBe('16px');
    expect(style[varName(vars.grid.margin)]).toBe('24px');
  });

  it('sets the fixed layout constants', () => {
    expect(style[varName(vars.layout.billboardMaxWidth)]).toBe('600px');
    expect(style[varName(vars.layout.pageMaxWidth)]).toBe('800px');
  });
});

describe('applyBrandTheme', () => {
  it('sets the variables on an element outside React', () => {
    const element = document.createElement('div');
    applyBrandTheme(element, defaultThemeVariant);
    expect(element.style.getPropertyValue(varName(vars.color.accent))).toBe(defaultThemeVariant.colors.accent);
    expect(element.style.getPropertyValue(varName(vars.grid.columns.xs))).toBe('2');
  });
});
