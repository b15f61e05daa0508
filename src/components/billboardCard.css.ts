import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

export const card = style({
  display: 'block',
  width: '100%',
  maxWidth: vars.layout.billboardMaxWidth,
  marginInline: 'auto',
  overflow: 'hidden',
  borderRadius: vars.radius.card,
  background: vars.color.card,
  color: vars.color.text,
  textDecoration: 'none',
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 6,
  padding: 16,
});

export const title = style({
  margin: 0,
  fontFamily: vars.font.heading,
  fontSize: 24,
  lineHeight: 1.25,
  overflowWrap: 'anywhere',
});

export const subtitle = style({
  margin: 0,
  fontFamily: vars.font.preamble,
  fontSize: 16,
  color: vars.color.textMuted,
});
