import { style } from '@vanilla-extract/css';
import { vars } from '../theme/index.ts';

/** Parts the auth-stack forms share beyond the sign-in page's layout (signIn.css.ts). */
export const hint = style({ margin: 0, fontSize: 14, color: vars.color.textMuted });

export const lead = style({ margin: 0, textAlign: 'center', color: vars.color.textMuted });

export const checkboxRow = style({ display: 'flex', alignItems: 'flex-start', gap: 12 });

export const checkbox = style({
  width: 24,
  height: 24,
  margin: 0,
  flexShrink: 0,
  accentColor: vars.color.primary,
  selectors: { '&[aria-invalid="true"]': { outline: `2px solid ${vars.color.error}` } },
});

export const fieldError = style({ margin: '4px 0 0', fontSize: 14, color: vars.color.error });

export const links = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 8,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const link = style({ color: vars.color.primary, fontWeight: 600 });

export const fieldset = style({ border: 0, margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 16 });

export const legend = style({ padding: 0, marginBottom: 8, fontWeight: 600 });
