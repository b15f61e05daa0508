import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export { heading, page } from '../listPage.css.ts';
export { list as orders, panel, panelHeading, panelBody as details, toggle } from '../accordion.css.ts';

export const toggleTitle = style({ display: 'flex', flexDirection: 'column', gap: 2 });

export const toggleDay = style({ fontWeight: 400, color: vars.color.textMuted });

export const toggleBought = style({ fontWeight: 400 });


export const facts = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0 });

export const term = style({ color: vars.color.textMuted });

export const value = style({ margin: 0 });

export const lines = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 });

export const link = style({ color: vars.color.text, textDecoration: 'underline' });

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const tickets = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 16 });

export const ticket = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4 });

/** Big enough for a door scanner at arm's length; white around it whatever the theme. */
export const ticketCaption = style({
  margin: 0,
  maxWidth: 220,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  overflowWrap: 'anywhere',
});

export const ticketCode = style({ width: 220, height: 220, background: '#fff', borderRadius: 4 });
