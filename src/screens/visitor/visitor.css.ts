import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export const page = style({
  maxWidth: 400,
  margin: '0 auto',
  padding: `48px ${vars.layout.gutter}`,
  display: 'flex',
  flexDirection: 'column',
  gap: 16,
  textAlign: 'center',
});

export const heading = style({ fontFamily: vars.font.heading, margin: 0 });

export const text = style({ margin: 0, color: vars.color.textMuted });

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
