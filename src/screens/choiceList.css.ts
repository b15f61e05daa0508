import { style } from '@vanilla-extract/css';
import { vars } from '../theme/index.ts';

/** A fieldset of choices, one labelled radio button or checkbox per row (Language, My categories). */
export const group = style({ border: 0, margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 });

export const legend = style({ padding: 0, marginBottom: 8, color: vars.color.textMuted });

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  minHeight: vars.layout.menuItemMinHeight,
  padding: '0 16px',
  borderRadius: vars.radius.card,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  ':focus-within': { outline: `2px solid ${vars.color.text}`, outlineOffset: 2 },
});

export const control = style({ width: 20, height: 20, margin: 0, accentColor: vars.color.text });
