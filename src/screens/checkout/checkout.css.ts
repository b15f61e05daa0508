import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export { heading, page } from '../listPage.css.ts';

export const total = style({ margin: 0, fontSize: 18, fontWeight: 700 });

export const form = style({ display: 'flex', flexDirection: 'column', gap: 16 });

export const row = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 });

export const refusal = style({ margin: 0, color: vars.color.error, fontWeight: 600 });

export const actions = style({ display: 'flex', flexDirection: 'column', gap: 12 });

export const link = style({ color: vars.color.text, textDecoration: 'underline', fontWeight: 600 });

export const summary = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
  padding: 16,
  borderRadius: vars.radius.card,
  background: vars.color.surface,
});

export const summaryHeading = style({ margin: 0, fontFamily: vars.font.heading, fontSize: 18 });

export const summaryLines = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 });

export const summaryLine = style({ display: 'flex', justifyContent: 'space-between', gap: 12 });

export const summaryTitle = style({ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' });

export const summaryMuted = style({ display: 'block', color: vars.color.textMuted, fontSize: 14 });

export const summaryTotals = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: 4 });

export const summaryRow = style({ display: 'flex', justifyContent: 'space-between', gap: 12 });

export const summaryValue = style({ margin: 0, textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
