import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 16,
});

export const fullscreen = style({
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  padding: 0,
  background: vars.color.background,
});

export const circle = style({
  width: 40,
  height: 40,
  borderRadius: '50%',
  border: `4px solid ${vars.color.surface}`,
  borderTopColor: vars.color.primary,
  animation: `${spin} 800ms linear infinite`,
});
