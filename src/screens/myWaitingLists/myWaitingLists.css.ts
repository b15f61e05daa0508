import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export { heading, page } from '../listPage.css.ts';

export const places = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 });

export const place = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
  padding: 16,
  borderRadius: vars.radius.card,
  background: vars.color.surface,
});

export const offerTitle = style({ margin: 0, fontSize: 16, overflowWrap: 'anywhere' });

export const offerLink = style({ color: vars.color.text, textDecoration: 'underline' });

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const status = style({ margin: 0, fontWeight: 600 });
