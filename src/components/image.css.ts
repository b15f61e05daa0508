import { style } from '@vanilla-extract/css';
import { skeletonAnimation } from '../theme/skeleton.css.ts';
import { vars } from '../theme/contract.css.ts';

/** Fixed 3:2 box so the page does not shift when the image arrives; `data-state` drives the rest. */
export const frame = style({
  position: 'relative',
  display: 'block',
  width: '100%',
  aspectRatio: '3 / 2',
  overflow: 'hidden',
  background: vars.color.surface,
  selectors: {
    '&[data-state="loading"]': {
      animation: skeletonAnimation,
    },
  },
});

export const img = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  opacity: 0,
  transition: 'opacity 200ms',
  selectors: {
    [`${frame}[data-state="loaded"] &`]: { opacity: 1 },
  },
});

export const broken = style({
  position: 'absolute',
  inset: 0,
  display: 'none',
  alignItems: 'center',
  justifyContent: 'center',
  color: vars.color.textMuted,
  selectors: {
    [`${frame}[data-state="error"] &`]: { display: 'flex' },
  },
});
