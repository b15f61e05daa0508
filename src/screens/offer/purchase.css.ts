import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.ts';

export const selector = style({ display: 'flex', flexDirection: 'column', gap: 12, paddingInline: vars.layout.gutter });

/** Desktop: the pickers and, at their bottom right, the payment action (wrapping under them when narrow). */
export const pickersAndBuy = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: 16,
});

// The header around them already keeps the gutter.
globalStyle(`${pickersAndBuy} > :first-child`, { flex: '1 1 280px', paddingInline: 0 });
globalStyle(`${pickersAndBuy} > :last-child`, { flex: '0 0 auto', paddingInline: 0 });

export const field = style({ display: 'flex', flexDirection: 'column', gap: 4 });

export const label = style({ fontSize: 14, fontWeight: 600 });

export const select = style({
  minHeight: 48,
  padding: '0 12px',
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.button,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: 16,
});

export const details = style({ margin: 0, display: 'flex', flexWrap: 'wrap', gap: '4px 16px', fontSize: 14 });

export const notice = style({ margin: 0, fontWeight: 600, color: vars.color.text });

export const dialogBody = style({ display: 'flex', flexDirection: 'column', gap: 12, marginBlock: 12 });

export const value = style({ margin: 0 });

export const waitingList = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: 8,
  padding: 12,
  borderRadius: vars.radius.card,
  background: vars.color.surface,
  color: vars.color.text,
});

export const bought = style([waitingList, {}]);

/** The sale queue of an evening with an on-sale time: the same box as the waiting list. */
export const saleQueue = style([waitingList, {}]);

/** The countdown to the sale: large, with digits of one width so it does not jitter as it counts. */
export const countdown = style({ margin: 0, fontSize: 20, fontWeight: 700, fontVariantNumeric: 'tabular-nums' });

export const boughtList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 });

export const boughtItem = style({ display: 'flex', flexDirection: 'column', gap: 4 });

export const link = style({ color: vars.color.text, textDecoration: 'underline' });
