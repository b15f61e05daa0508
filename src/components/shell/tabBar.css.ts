import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';
import { shellSizes } from './shellSizes.ts';

/** Wide enough for the spec's tab widths with their icons (below it, top tabs show their labels only). */
const media = { tabsRoomy: '(min-width: 1000px)' } as const;

const barBase = style({
  display: 'flex',
  background: vars.color.navigationBar,
  color: vars.color.onNavigationBar,
});

export const bar = styleVariants({
  bottom: [
    barBase,
    {
      position: 'fixed',
      insetInline: 0,
      bottom: 0,
      zIndex: 100,
      justifyContent: 'space-around',
      borderTop: `1px solid ${vars.color.surface}`,
      paddingBottom: 'env(safe-area-inset-bottom)',
      paddingInline: 'env(safe-area-inset-left) env(safe-area-inset-right)',
    },
  ],
  // The header leaves the top-left corner to the fixed back button; sideways scrolling is the last resort.
  top: [
    barBase,
    {
      minWidth: 0,
      minHeight: shellSizes.topBarHeight,
      overflowX: 'auto',
      scrollbarWidth: 'none',
    },
  ],
});

const tabBase = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: 'inherit',
  textDecoration: 'none',
  opacity: 0.7,
  selectors: {
    '&[aria-current]': { opacity: 1, fontWeight: 700, color: vars.color.primary },
    '&:hover': { opacity: 1 },
  },
});

export const tab = styleVariants({
  bottom: [
    tabBase,
    {
      flex: '1 1 0',
      minWidth: 0,
      minHeight: shellSizes.bottomBarHeight,
      flexDirection: 'column',
      gap: 2,
      padding: '6px 4px',
      fontSize: 12,
    },
  ],
  // Whole labels, never "H…": a narrow desktop window drops the icons and the spacing first.
  top: [
    tabBase,
    {
      flex: '0 0 auto',
      maxWidth: vars.layout.tabMaxWidth,
      gap: 8,
      padding: '0 10px',
      fontSize: 15,
      borderBottom: '3px solid transparent',
      selectors: { '&[aria-current]': { borderBottomColor: vars.color.primary } },
      '@media': { [media.tabsRoomy]: { minWidth: vars.layout.tabMinWidth, padding: '0 16px' } },
    },
  ],
});

/**
 * A column as wide as the label in bold: the hidden bold copy (::after, not in the accessibility
 * tree) keeps a tab's width when it becomes the active, bold one, so the other tabs stay put.
 */
export const label = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  maxWidth: '100%',
  '::after': {
    content: 'attr(data-label)',
    fontWeight: 700,
    height: 0,
    overflow: 'hidden',
    visibility: 'hidden',
    whiteSpace: 'nowrap',
    pointerEvents: 'none',
    userSelect: 'none',
  },
});

/** The top tabs' icons, shown when the window has room for them. */
export const topIcon = style({
  // [class] outweighs the icon's own display, whichever stylesheet comes first.
  selectors: { '&[class]': { display: 'none' } },
  '@media': { [media.tabsRoomy]: { selectors: { '&[class]': { display: 'inline-block' } } } },
});

export const labelText = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  textAlign: 'center',
});
