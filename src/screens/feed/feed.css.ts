import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export const page = style({
  maxWidth: 1440,
  margin: '0 auto',
  padding: '16px 0 96px',
  display: 'flex',
  flexDirection: 'column',
  gap: 24,
});

export const logoHeading = style({ margin: 0, display: 'flex', justifyContent: 'center', padding: `0 ${vars.grid.margin}` });

export const logo = style({ height: 48 });

export const sentinel = style({ height: 1 });

export const billboard = style({ padding: `0 ${vars.grid.margin}` });

/** Sticky at the top of the page's own scroll container (mobile only, spec 2.3). */
export const searchBar = style({
  position: 'sticky',
  top: 0,
  zIndex: 1,
  display: 'flex',
  alignItems: 'center',
  padding: `8px ${vars.grid.margin}`,
  background: vars.color.background,
});

/** Keeps its place in the layout while the search page slides in over it. */
export const hiddenInPlace = style({ visibility: 'hidden' });

export const searchIcon = style({
  position: 'absolute',
  left: `calc(${vars.grid.margin} + 12px)`,
  color: vars.color.textMuted,
  pointerEvents: 'none',
});

export const searchInput = style({
  width: '100%',
  minHeight: 44,
  padding: '0 12px 0 44px',
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: 999,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: 16,
});

export const title = style({ margin: 0, padding: `0 ${vars.grid.margin}`, fontFamily: vars.font.heading });

export const categoryRow = style({
  display: 'flex',
  gap: 8,
  overflowX: 'auto',
  padding: `0 ${vars.grid.margin}`,
  scrollbarWidth: 'none',
});

export const categoryChip = style({
  flex: 'none',
  minHeight: 36,
  padding: '0 14px',
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: 999,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.primary, borderColor: vars.color.primary, color: vars.color.onPrimary },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: 2 },
  },
});
