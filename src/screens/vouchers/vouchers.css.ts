import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export { heading, page } from '../listPage.css.ts';

export const groups = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 20 });

export const group = style({
  display: 'grid',
  gridTemplateColumns: '96px 1fr',
  gap: 16,
  padding: 16,
  borderRadius: vars.radius.card,
  background: vars.color.surface,
});

export const image = style({ width: 96, borderRadius: vars.radius.card });

export const groupBody = style({ display: 'flex', flexDirection: 'column', gap: 12, minWidth: 0 });

export const offerTitle = style({ margin: 0, fontFamily: vars.font.heading, fontSize: 18 });

export const offerLink = style({ color: 'inherit' });

export const codes = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 });

export const claimedAt = style({ margin: '0 0 4px', color: vars.color.textMuted, fontSize: 14 });

export const muted = style({ color: vars.color.textMuted, margin: 0 });
