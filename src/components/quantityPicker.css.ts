import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

export const picker = style({ display: 'inline-flex', alignItems: 'center', gap: 4, border: 0, padding: 0, margin: 0 });

export const legend = style({ fontSize: 14, fontWeight: 600, marginBottom: 4, padding: 0 });

export const step = style({
  minWidth: 44,
  minHeight: 44,
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.button,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: 20,
  cursor: 'pointer',
  selectors: { '&:disabled': { opacity: 0.4, cursor: 'default' } },
});

export const input = style({
  width: 64,
  minHeight: 44,
  textAlign: 'center',
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.button,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: 16,
});
