import { setElementVars } from '@vanilla-extract/dynamic';
import type { BrandThemeVariant } from '../../contract/brand.ts';
import { brandThemeTokens } from '../../domain/brandTheme.ts';
import { vars } from './contract.css.ts';

/**
 * Sets the brand's variables on an element outside React's tree, e.g. `document.documentElement`,
 * so `body` and content portalled to `body` (dialogs, drawers) see them too.
 */
export function applyBrandTheme(element: HTMLElement, variant: BrandThemeVariant): void {
  setElementVars(element, vars, brandThemeTokens(variant));
}
