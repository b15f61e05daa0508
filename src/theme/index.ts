export { vars } from './contract.css.ts';
export { applyBrandTheme } from './brandTheme.ts';
export { defaultThemeVariant } from './defaultTheme.ts';
export { breakpoints, media } from './breakpoints.ts';
export { layout } from './layout.ts';
export { visuallyHidden } from './global.css.ts';
