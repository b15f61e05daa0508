import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  overflow: 'hidden',
  borderRadius: vars.radius.card,
  background: vars.color.card,
  color: vars.color.text,
  textDecoration: 'none',
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
  padding: 12,
});

export const title = style({
  margin: 0,
  fontFamily: vars.font.heading,
  fontSize: 16,
  lineHeight: 1.3,
  overflowWrap: 'anywhere',
});

export const subtitle = style({
  margin: 0,
  fontSize: 14,
  color: vars.color.textMuted,
});
