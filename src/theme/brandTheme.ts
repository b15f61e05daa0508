import { setElementVars } from '@vanilla-extract/dynamic';
import type { BrandThemeVariant } from '../../contract/brand.ts';
import { vars } from './contract.css.ts';
import { layout } from './layout.ts';

const px = (value: number): string => `${value}px`;

/** The contract's values for one brand variant (plus the fixed layout constants). */
function brandThemeTokens(variant: BrandThemeVariant) {
  const { colors, fonts, grid } = variant;
  return {
    color: { ...colors },
    font: { ...fonts },
    radius: { button: px(variant.buttonRadius), card: px(variant.cardRadius) },
    grid: {
      columns: { xs: String(grid.xs), sm: String(grid.sm), lg: String(grid.lg) },
      gap: px(grid.gap),
      margin: px(grid.margin),
    },
    layout: {
      pageMaxWidth: px(layout.pageMaxWidth),
      gutter: px(layout.gutter),
      billboardMaxWidth: px(layout.billboardMaxWidth),
      dialogWidth: px(layout.dialogWidth),
      dialogMargin: px(layout.dialogMargin),
      cartDrawerMaxWidth: px(layout.cartDrawerMaxWidth),
      menuItemMinHeight: px(layout.menuItemMinHeight),
      menuItemDenseMinHeight: px(layout.menuItemDenseMinHeight),
      tabMinWidth: px(layout.tabMinWidth),
      tabMaxWidth: px(layout.tabMaxWidth),
      avatarSize: px(layout.avatarSize),
    },
  };
}

/**
 * Sets the brand's variables on an element outside React's tree, e.g. `document.documentElement`,
 * so `body` and content portalled to `body` (dialogs, drawers) see them too.
 */
export function applyBrandTheme(element: HTMLElement, variant: BrandThemeVariant): void {
  setElementVars(element, vars, brandThemeTokens(variant));
}
