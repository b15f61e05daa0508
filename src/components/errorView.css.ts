import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

export const view = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 16,
  maxWidth: vars.layout.pageMaxWidth,
  marginInline: 'auto',
  padding: `48px ${vars.layout.gutter}`,
  textAlign: 'center',
});

export const icon = style({ color: vars.color.error });

export const heading = style({
  margin: 0,
  fontFamily: vars.font.heading,
  fontSize: 24,
});

export const message = style({
  margin: 0,
  color: vars.color.textMuted,
  whiteSpace: 'pre-line',
});

export const contact = style({
  color: vars.color.primary,
  fontWeight: 600,
});
