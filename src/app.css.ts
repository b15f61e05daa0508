import { style } from '@vanilla-extract/css';
import { vars } from './theme/index.ts';

export const root = style({
  minHeight: '100dvh',
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
});
