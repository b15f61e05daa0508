import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export { heading, page } from '../listPage.css.ts';

export const entries = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 });

export const entry = style({ borderRadius: vars.radius.card, background: vars.color.surface, color: vars.color.text });

export const question = style({ margin: 0, fontSize: 16 });

export const toggle = style({
  width: '100%',
  minHeight: vars.layout.menuItemMinHeight,
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: 12,
  padding: 16,
  border: 0,
  borderRadius: vars.radius.card,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  fontWeight: 700,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: 2 } },
});

/** A chevron that turns when the answer is open. */
export const chevron = style({
  flexShrink: 0,
  width: 10,
  height: 10,
  borderRight: `2px solid currentColor`,
  borderBottom: `2px solid currentColor`,
  transform: 'rotate(45deg)',
  transition: 'transform 150ms',
  selectors: { '[aria-expanded="true"] > &': { transform: 'rotate(-135deg)' } },
});

/** `hidden` must win over the flex display, or a closed answer shows. */
export const answer = style({
  padding: '0 16px 16px',
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
  selectors: { '&[hidden]': { display: 'none' } },
});

export const paragraph = style({ margin: 0, whiteSpace: 'pre-line' });

export const muted = style({ margin: 0, color: vars.color.textMuted });
