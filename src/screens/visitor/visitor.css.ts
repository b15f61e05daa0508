import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

/** The header's sign-in button, where a member has the cart. */
export const signInButton = style({
  minHeight: 44,
  padding: '0 16px',
  border: `2px solid ${vars.color.primary}`,
  borderRadius: 999,
  background: 'transparent',
  color: vars.color.primary,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
});

/** The sign-in dialog's own column: the form and its ways on. */
export const dialogBody = style({ display: 'flex', flexDirection: 'column', gap: 16, marginTop: 8 });
