import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

const shimmer = keyframes({
  from: { backgroundPosition: '100% 0' },
  to: { backgroundPosition: '-100% 0' },
});

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
  backgroundImage: `linear-gradient(90deg, ${vars.color.surface} 25%, ${vars.color.background} 50%, ${vars.color.surface} 75%)`,
  backgroundSize: '200% 100%',
  animation: `${shimmer} 1.2s linear infinite`,
});
