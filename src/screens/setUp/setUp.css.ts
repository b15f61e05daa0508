import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export const lead = style({ margin: 0, textAlign: 'center', color: vars.color.textMuted });

export const hint = style({ margin: 0, fontSize: 14, color: vars.color.textMuted });

export const fieldError = style({ margin: 0, fontSize: 14, color: vars.color.error });

export const fieldset = style({ border: 0, margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8, minWidth: 0 });

export const legend = style({ padding: 0, marginBottom: 4, fontSize: 14, fontWeight: 600, color: vars.color.text });

export const cards = style({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 8 });

export const card = style({
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  minHeight: 48,
  padding: '0 12px',
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.button,
  background: vars.color.surface,
  cursor: 'pointer',
  selectors: { '&:has(input:checked)': { borderColor: vars.color.primary, borderWidth: 2 } },
});

export const radio = style({ width: 20, height: 20, margin: 0, accentColor: vars.color.primary });

export const digits = style({ display: 'flex', gap: 8 });

export const digit = style({
  width: 44,
  minHeight: 52,
  padding: 0,
  textAlign: 'center',
  fontSize: 22,
  fontVariantNumeric: 'tabular-nums',
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.button,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.error, borderWidth: 2 },
    '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: 2 },
  },
});

export const actions = style({ display: 'flex', flexDirection: 'column', gap: 8 });
