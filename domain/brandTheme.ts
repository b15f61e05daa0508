/**
 * A brand's theme as CSS custom properties, shared by the client (vanilla-extract's global
 * contract, src/theme/contract.css.ts) and the server (the inline style of the HTML shell), so
 * both speak of the same variables: `--klubb-color-primary`, `--klubb-grid-columns-xs`, ...
 */
import type { BrandThemeVariant } from '../contract/brand.ts';

/** Fixed layout constants from the spec (section 9), the same for every brand; in px. */
export const layout = {
  pageMaxWidth: 800,
  gutter: 18,
  gridColumns: 12,
  billboardMaxWidth: 600,
  dialogWidth: 296,
  dialogMargin: 40,
  cartDrawerMaxWidth: 400,
  menuItemMinHeight: 48,
  menuItemDenseMinHeight: 32,
  tabMinWidth: 90,
  tabMaxWidth: 360,
  avatarSize: 120,
} as const;

/** The variable's name for a path in the theme tokens: ['color', 'primary'] → 'klubb-color-primary'. */
export const themeVariableName = (path: readonly string[]): string => `klubb-${path.join('-')}`;

const px = (value: number): string => `${value}px`;

/** The contract's values for one brand variant (plus the fixed layout constants). */
export function brandThemeTokens(variant: BrandThemeVariant) {
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

export type BrandThemeTokens = ReturnType<typeof brandThemeTokens>;

type TokenTree = { readonly [key: string]: string | TokenTree };

function flatten(tree: TokenTree, path: readonly string[], into: Array<[string, string]>): Array<[string, string]> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.push([`--${themeVariableName([...path, key])}`, value]);
    else flatten(value, [...path, key], into);
  }
  return into;
}

/** Every variable of the variant with its value: [['--klubb-color-primary', '#125468'], ...]. */
export function brandThemeVariables(variant: BrandThemeVariant): Array<[string, string]> {
  return flatten(brandThemeTokens(variant), [], []);
}
