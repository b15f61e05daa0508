import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export const rows = style({ display: 'flex', flexDirection: 'column', gap: 16, paddingInline: vars.layout.gutter });

export const row = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 10,
  padding: 16,
  borderRadius: vars.radius.card,
  background: vars.color.surface,
});

export const rowHeader = style({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 12 });

export const rowTitle = style({ margin: 0, fontFamily: vars.font.heading, fontSize: 18 });

export const counter = style({ margin: 0, color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' });

export const codes = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 });

export const note = style({ margin: 0, color: vars.color.textMuted });

export const alert = style({ margin: 0, color: vars.color.error });
