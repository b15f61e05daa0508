import { keyframes, style } from '@vanilla-extract/css';
import { media, vars } from '../theme/index.ts';

export const stacks = style({ position: 'relative', flex: 1, minHeight: 0 });

export const stack = style({ position: 'absolute', inset: 0 });

/** Each page is its own scroll container, so it keeps its scroll position. */
export const page = style({
  position: 'absolute',
  inset: 0,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  background: vars.color.background,
  outline: 'none',
  // Sticky or floating parts of a page (search field, call-to-action bar) stay inside it.
  isolation: 'isolate',
});

const enterFromRight = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'translateX(0)' } });

/** Spec 2.1: pages slide in from the right in 300 ms. */
export const slideIn = style({
  animation: `${enterFromRight} 300ms ease-out`,
  '@media': { [media.reducedMotion]: { animation: 'none' } },
});
