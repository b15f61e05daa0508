import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export { heading, page } from '../listPage.css.ts';
export { actions, muted, paragraph, section, sectionHeading } from '../contact/contact.css.ts';

export const links = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 });

/** A link in the page's own text colour (the browser's blue is unreadable on a dark brand). */
export const link = style({ color: vars.color.text, textDecoration: 'underline', overflowWrap: 'anywhere' });

export const facts = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0 });

export const term = style({ color: vars.color.textMuted });

export const value = style({ margin: 0 });

/** The version is a button (seven taps reveal the push token) that reads as plain text. */
export const version = style({
  minHeight: 48,
  padding: '0 8px',
  marginLeft: -8,
  border: 0,
  borderRadius: vars.radius.button,
  background: 'transparent',
  color: vars.color.textMuted,
  font: 'inherit',
  cursor: 'default',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: 2 } },
});

export const token = style({ margin: 0, overflowWrap: 'anywhere', fontFamily: 'monospace' });
