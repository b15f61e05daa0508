import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

/** A 44 px square, borderless button around one icon (close, show password). */
export const iconButton = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  height: 44,
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.button,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
});
