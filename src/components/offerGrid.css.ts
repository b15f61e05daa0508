import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';
import { media } from '../theme/breakpoints.ts';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: `repeat(${vars.grid.columns.xs}, minmax(0, 1fr))`,
  gap: vars.grid.gap,
  margin: 0,
  paddingBlock: 0,
  paddingInline: vars.grid.margin,
  listStyle: 'none',
  '@media': {
    [media.medium]: { gridTemplateColumns: `repeat(${vars.grid.columns.sm}, minmax(0, 1fr))` },
    [media.large]: { gridTemplateColumns: `repeat(${vars.grid.columns.lg}, minmax(0, 1fr))` },
  },
});

export const item = style({ minWidth: 0 });
