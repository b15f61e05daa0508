import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export const searchBar = style({
  position: 'sticky',
  top: 0,
  zIndex: 1,
  padding: `8px ${vars.grid.margin}`,
  background: vars.color.background,
});

export const noResults = style({ margin: 0, padding: `0 ${vars.grid.margin}`, color: vars.color.textMuted });

