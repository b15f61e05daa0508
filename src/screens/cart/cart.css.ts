import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const cart = style({ display: 'flex', flexDirection: 'column', gap: 16, selectors: { '&:focus-visible': { outline: 'none' } } });

export const lines = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 16 });

export const line = style({
  display: 'grid',
  gridTemplateColumns: '72px 1fr',
  gap: 12,
  paddingBottom: 16,
  borderBottom: `1px solid ${vars.color.surface}`,
});

export const thumb = style({ width: 72, height: 72, borderRadius: vars.radius.card, objectFit: 'cover' });

export const lineBody = style({ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 });

export const lineTitle = style({ margin: 0, fontSize: 16, fontWeight: 700 });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: 14 });

/** The purchase cap a line meets; empty (and taking no room) while it is not met. */
export const capNote = style({
  margin: 0,
  fontSize: 14,
  color: vars.color.text,
  selectors: { '&:empty': { marginTop: -4 } },
});

export const lineFoot = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' });

export const remove = style({
  background: 'none',
  border: 0,
  padding: 8,
  color: vars.color.text,
  textDecoration: 'underline',
  cursor: 'pointer',
  fontSize: 14,
});

export const totals = style({ display: 'grid', gridTemplateColumns: '1fr auto', gap: '4px 12px', margin: 0 });

export const total = style({ fontWeight: 700, fontSize: 18 });

export const value = style({ margin: 0, textAlign: 'end' });

export const checkout = style({ width: '100%' });

/** A term and its value as one grid row of the totals. */
export const row = style({ display: 'contents' });
