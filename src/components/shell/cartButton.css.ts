import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const button = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 48,
  height: 48,
  padding: 0,
  border: 'none',
  borderRadius: '50%',
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
});

export const badge = style({
  position: 'absolute',
  top: 4,
  right: 2,
  minWidth: 20,
  height: 20,
  padding: '0 5px',
  borderRadius: 10,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: 12,
  fontWeight: 700,
  lineHeight: '20px',
  textAlign: 'center',
});
