import { style } from '@vanilla-extract/css';
import { skeletonAnimation } from '../theme/skeleton.css.ts';
import { vars } from '../theme/contract.css.ts';

export const skeleton = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 10,
  margin: '0 0 16px',
});

/** One line of body text (16 px at line height 1.6, less the gap). */
export const line = style({
  display: 'block',
  height: 16,
  borderRadius: 4,
  background: vars.color.surface,
  animation: skeletonAnimation,
});
