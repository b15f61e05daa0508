import { brandThemeVariables } from '../../domain/brandTheme.ts';
import type { BrandTheme } from '../../contract/brand.ts';
import { cssValue } from '../shell/escape.ts';

/**
 * The brand's theme as the variables booking.css reads (the app's names: --klubb-color-primary, …),
 * so the widget framed in the brand's dialog has the brand's colours and body font, not its own.
 */
export function brandThemeRule(theme: BrandTheme | null): string {
  if (!theme) return '';
  const variables = brandThemeVariables(theme.light)
    .filter(([name]) => name.startsWith('--klubb-color-') || name === '--klubb-font-body' || name === '--klubb-radius-button')
    .map(([name, value]) => `${name}:${cssValue(value)}`)
    .join(';');
  return `:root{${variables}}\n`;
}

/** The stylesheet's address for a brand's pages (none: the neutral colours). */
export const stylesheetHref = (stylesheetPath: string, brandId: string | null) =>
  brandId ? `${stylesheetPath}?brand=${encodeURIComponent(brandId)}` : stylesheetPath;
